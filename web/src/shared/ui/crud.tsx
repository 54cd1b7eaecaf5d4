import { Alert, Button, HTMLTable, NonIdealState, type IconName, type Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FormDialog } from '../forms/FormDialog';
import { ListPage, type ListQueryState } from './ListPage';
import type { TitlePart } from './PageTitle';
import { useToaster } from './toaster';

/*
 * The plumbing every list-with-a-dialog page shares (tickets, taxes and fees, promo codes, capacity
 * assignments, questions): which item the dialog edits, the table with its actions column, the row buttons,
 * the save mutation and the confirmed delete. Each page keeps its columns, its form and its messages.
 */

/** Which item the create/edit dialog holds: `open('new')` or `open(item)`, `close()`. */
export function useEditor<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // Each opening gets a fresh form: reopened during the closing animation, the old one would keep its values.
  const [opened, setOpened] = useState(0);
  return {
    isOpen: editing !== null,
    /** The item edited; null when creating (or closed). */
    item: editing === 'new' ? null : editing,
    /** The dialog's `key`. */
    formKey: opened,
    open: (target: T | 'new') => {
      setOpened((count) => count + 1);
      setEditing(target);
    },
    close: () => setEditing(null),
  };
}

/** The create/edit dialog: its title says which. */
export function EditorDialog({
  isOpen,
  onClose,
  editing,
  createTitle,
  editTitle,
  icon,
  className,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** True when an existing item is edited. */
  editing: boolean;
  createTitle: MessageDescriptor;
  editTitle: MessageDescriptor;
  icon: IconName;
  className: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={intl.formatMessage(editing ? editTitle : createTitle)}
      icon={icon}
      className={className}
    >
      {children}
    </FormDialog>
  );
}

/** A dialog's save: on success a toast naming what was saved, the lists under `invalidate` refetch, close. */
export function useSave<Request, Saved>({
  save,
  invalidate,
  saved,
  onClose,
}: {
  save: (request: Request) => Promise<Saved>;
  invalidate: QueryKey;
  saved: (item: Saved) => string;
  onClose: () => void;
}) {
  const toaster = useToaster();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (item) => {
      toaster.success(saved(item));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      onClose();
    },
  });
}

/** A scrollable striped table with a labelled header row and a last, visually hidden, actions column. */
export function CrudTable({
  className,
  label,
  columns,
  actionsLabel,
  children,
}: {
  className: string;
  label: string;
  columns: readonly string[];
  actionsLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <HTMLTable className={className} striped aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** An icon button of a row; `label` names the action and the row ("Edit VIP"). */
export function RowAction({
  icon,
  label,
  onClick,
  intent,
  disabled,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  intent?: Intent;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="minimal"
      icon={icon}
      aria-label={label}
      title={label}
      onClick={onClick}
      {...(intent ? { intent } : {})}
      {...(disabled ? { disabled } : {})}
    />
  );
}

/** The delete confirmation of `item` (null: closed); on success a toast, then the lists under `invalidate`. */
export function ConfirmDelete<T>({
  item,
  onClose,
  question,
  remove,
  invalidate,
  deleted,
  failed,
  deleteText,
  cancelText,
}: {
  item: T | null;
  onClose: () => void;
  question: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  invalidate: QueryKey;
  deleted: (item: T) => string;
  /** The toast when the server refuses (it may say why, e.g. a ticket orders hold). */
  failed: (error: unknown) => MessageDescriptor;
  deleteText: MessageDescriptor;
  cancelText: MessageDescriptor;
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: async (_nothing, target) => {
      toaster.show(deleted(target));
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
    onError: (error) => toaster.danger(failed(error)),
  });
  return (
    <Alert
      isOpen={item !== null}
      intent="danger"
      icon="trash"
      confirmButtonText={intl.formatMessage(deleteText)}
      cancelButtonText={intl.formatMessage(cancelText)}
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) removal.mutate(item);
        onClose();
      }}
    >
      {item !== null ? question(item) : null}
    </Alert>
  );
}

/**
 * Saving a new order at once: the list shows it before the answer, goes back and toasts `failed` (the spec's
 * "failed to sort") when the server refuses, and refetches either way.
 */
export function useReorder<T extends { id: string }>({
  listKey,
  save,
  failed,
}: {
  listKey: QueryKey;
  save: (ids: string[]) => Promise<unknown>;
  failed: MessageDescriptor;
}) {
  const toaster = useToaster();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: T[]) => save(ordered.map((item) => item.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, ordered);
      return { before };
    },
    onError: (_error, _ordered, context) => {
      queryClient.setQueryData(listKey, context?.before);
      toaster.danger(failed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/**
 * Drag and drop between rows (mouse); the rows' up and down buttons are the keyboard's way. `rowProps(index)`
 * goes on each row; a drop calls `onDrop(from, to)`.
 */
export function useRowDrag(onDrop: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  return (index: number) => ({
    draggable: true,
    className: dragging === index ? 'crud-row--dragging' : undefined,
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
      setDragging(index);
    },
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (dragging !== null) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      event.preventDefault();
      if (dragging !== null && dragging !== index) onDrop(dragging, index);
      setDragging(null);
    },
    onDragEnd: () => setDragging(null),
  });
}

/**
 * A list page of the catalogue's shape: the heading with its "New …" button, an intro, then the list (a
 * `CrudTable`) or its empty state. `empty` replaces the default empty state (e.g. one pointing elsewhere).
 */
export function CrudListPage({
  className,
  title,
  headingLevel = 2,
  texts,
  emptyIcon,
  empty,
  onCreate,
  createDisabled,
  query,
  isEmpty,
  children,
}: {
  className: string;
  title: readonly TitlePart[];
  /** 1 on a page of its own (account settings), 2 under an event's header. */
  headingLevel?: 1 | 2;
  texts: {
    heading: MessageDescriptor;
    create: MessageDescriptor;
    intro: MessageDescriptor;
    empty: MessageDescriptor;
    loading: MessageDescriptor;
    loadFailed: MessageDescriptor;
  };
  emptyIcon: IconName;
  empty?: ReactNode;
  onCreate: () => void;
  createDisabled?: boolean;
  query: ListQueryState & { isSuccess: boolean };
  isEmpty: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <ListPage
      className={className}
      title={title}
      heading={<Heading className="page-header__title">{intl.formatMessage(texts.heading)}</Heading>}
      actions={
        <Button
          intent="primary"
          icon="add"
          text={intl.formatMessage(texts.create)}
          disabled={createDisabled}
          onClick={onCreate}
        />
      }
      above={<p className="page-intro">{intl.formatMessage(texts.intro)}</p>}
      query={query}
      isEmpty={query.isSuccess && isEmpty}
      loading={texts.loading}
      loadError={texts.loadFailed}
      empty={empty ?? <NonIdealState icon={emptyIcon} title={intl.formatMessage(texts.empty)} />}
    >
      {children}
    </ListPage>
  );
}
