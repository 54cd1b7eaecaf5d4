import {
  Alert,
  AnchorButton,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useOutletContext } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { useLiveRoom } from '../../shared/live/LiveUpdates';
import { ListPage } from '../../shared/ui/ListPage';
import { QrCode } from '../../shared/ui/QrCode';
import { useToaster } from '../../shared/ui/toaster';
import type { EventDetail } from '../events/types';
import {
  deleteCheckInList,
  rotateCheckInLink,
  scannerPath,
  scannerUrl,
  type CheckInList,
  type CheckInListStatus,
} from './api';
import { CheckInListDialog } from './CheckInListDialog';
import { ScanIssues } from './ScanIssues';
import { checkInListsMessages as m } from './messages';
import { checkInQueries } from './queries';
import '../../shared/ui/account.css';
import './checkIn.css';

const STATES: Record<CheckInListStatus, { message: MessageDescriptor; intent: Intent }> = {
  NOT_YET_ACTIVE: { message: m.stateNotYetActive, intent: 'none' },
  ACTIVE: { message: m.stateActive, intent: 'success' },
  EXPIRED: { message: m.stateExpired, intent: 'warning' },
};

/** `/manage/event/{eventId}/check-in`: the event's check-in lists, their links and live counts. */
export function CheckInListsPage() {
  const intl = useIntl();
  const event = useOutletContext<EventDetail>();
  // The counts are live: admissions announce themselves in the event's room.
  useLiveRoom(`event:${event.id}`);
  const list = useQuery(checkInQueries.lists(event.id));
  const [editing, setEditing] = useState<CheckInList | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const edit = (target: CheckInList | 'new') => {
    setOpened((count) => count + 1);
    setEditing(target);
  };
  const [deleting, setDeleting] = useState<CheckInList | null>(null);
  const [rotating, setRotating] = useState<CheckInList | null>(null);
  const [showingCode, setShowingCode] = useState<CheckInList | null>(null);
  const lists = list.data ?? [];
  const toaster = useToaster();
  const copy = (target: CheckInList) => {
    navigator.clipboard.writeText(scannerUrl(target.short_id)).then(
      () => toaster.success(m.copied),
      () => toaster.danger(m.copyFailed),
    );
  };
  return (
    <>
      <ListPage
        className="check-in-page"
        title={[m.pageTitle, event.title]}
        heading={<h2 className="page-header__title">{intl.formatMessage(m.heading)}</h2>}
        actions={
          <Button
            intent="primary"
            icon="add"
            text={intl.formatMessage(m.create)}
            onClick={() => edit('new')}
          />
        }
        above={<p className="page-intro">{intl.formatMessage(m.intro)}</p>}
        query={list}
        isEmpty={list.isSuccess && lists.length === 0}
        loading={m.loading}
        loadError={m.loadFailed}
        empty={<NonIdealState icon="endorsed" title={intl.formatMessage(m.empty)} />}
      >
        <div className="table-scroll">
          <HTMLTable className="check-in-table" striped aria-label={intl.formatMessage(m.tableLabel)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.columnName)}</th>
                <th scope="col">{intl.formatMessage(m.columnState)}</th>
                <th scope="col">{intl.formatMessage(m.columnCheckedIn)}</th>
                <th scope="col">{intl.formatMessage(m.columnLink)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lists.map((row) => {
                const state = STATES[row.status];
                const name = row.name;
                const url = scannerUrl(row.short_id);
                return (
                  <tr key={row.id}>
                    <td className="check-in-table__name">
                      <strong>{name}</strong>
                      <div className="check-in-table__meta">
                        {intl.formatMessage(m.ticketCount, { count: row.ticket_ids.length })}
                      </div>
                    </td>
                    <td>
                      <Tag minimal round intent={state.intent}>
                        {intl.formatMessage(state.message)}
                      </Tag>
                    </td>
                    <td className="check-in-table__count" data-testid={`check-in-count-${row.id}`}>
                      {intl.formatMessage(m.counts, {
                        checkedIn: row.checked_in_attendees,
                        total: row.total_attendees,
                      })}
                    </td>
                    <td className="check-in-table__link">
                      <code>{scannerPath(row.short_id)}</code>
                      <Button
                        variant="minimal"
                        icon="duplicate"
                        aria-label={intl.formatMessage(m.copyLink, { name })}
                        title={intl.formatMessage(m.copyLink, { name })}
                        onClick={() => copy(row)}
                      />
                      <Button
                        variant="minimal"
                        icon="mobile-phone"
                        aria-label={intl.formatMessage(m.showCode, { name })}
                        title={intl.formatMessage(m.showCode, { name })}
                        onClick={() => setShowingCode(row)}
                      />
                      <AnchorButton
                        variant="minimal"
                        icon="share"
                        href={url}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={intl.formatMessage(m.openScanner, { name })}
                        title={intl.formatMessage(m.openScanner, { name })}
                      />
                    </td>
                    <td className="check-in-table__actions">
                      <Button
                        variant="minimal"
                        icon="refresh"
                        aria-label={intl.formatMessage(m.rotate, { name })}
                        title={intl.formatMessage(m.rotate, { name })}
                        onClick={() => setRotating(row)}
                      />
                      <Button
                        variant="minimal"
                        icon="edit"
                        aria-label={intl.formatMessage(m.edit, { name })}
                        title={intl.formatMessage(m.edit, { name })}
                        onClick={() => edit(row)}
                      />
                      <Button
                        variant="minimal"
                        icon="trash"
                        intent="danger"
                        aria-label={intl.formatMessage(m.remove, { name })}
                        title={intl.formatMessage(m.remove, { name })}
                        onClick={() => setDeleting(row)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
        <ScanIssues eventId={event.id} lists={lists} />
      </ListPage>
      {showingCode ? <ScannerCode list={showingCode} onClose={() => setShowingCode(null)} /> : null}
      <CheckInListDialog
        key={opened}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        list={editing === 'new' ? null : editing}
        event={event}
      />
      <ConfirmAction
        eventId={event.id}
        target={rotating}
        onClose={() => setRotating(null)}
        run={(target) => rotateCheckInLink(event.id, target.id)}
        confirm={m.rotateConfirm}
        button={m.rotateButton}
        done={m.rotated}
        failed={m.rotateFailed}
        intent="warning"
        icon="refresh"
      />
      <ConfirmAction
        eventId={event.id}
        target={deleting}
        onClose={() => setDeleting(null)}
        run={(target) => deleteCheckInList(event.id, target.id)}
        confirm={m.deleteConfirm}
        button={m.deleteButton}
        done={m.deleted}
        failed={m.deleteFailed}
        intent="danger"
        icon="trash"
      />
    </>
  );
}

/** The scanner link as a QR code: door staff point their phone's camera at it and the scanner opens. */
function ScannerCode({ list, onClose }: { list: CheckInList; onClose: () => void }) {
  const intl = useIntl();
  const url = scannerUrl(list.short_id);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={intl.formatMessage(m.codeTitle, { name: list.name })}
      icon="mobile-phone"
      className="check-in-code-dialog"
    >
      <DialogBody>
        <p>{intl.formatMessage(m.codeHelp)}</p>
        <QrCode
          text={url}
          size={240}
          label={intl.formatMessage(m.codeLabel, { name: list.name })}
          className="check-in-code"
        />
        <p className="check-in-code__url">
          <code data-testid="check-in-code-url">{url}</code>
        </p>
      </DialogBody>
      <DialogFooter actions={<Button text={intl.formatMessage(m.close)} onClick={onClose} />} />
    </Dialog>
  );
}

/** A confirmed action on one list (new link, delete), then the lists are refreshed. */
function ConfirmAction({
  eventId,
  target,
  onClose,
  run,
  confirm,
  button,
  done,
  failed,
  intent,
  icon,
}: {
  eventId: string;
  target: CheckInList | null;
  onClose: () => void;
  run: (target: CheckInList) => Promise<unknown>;
  confirm: MessageDescriptor;
  button: MessageDescriptor;
  done: MessageDescriptor;
  failed: MessageDescriptor;
  intent: Intent;
  icon: 'refresh' | 'trash';
}) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const action = useMutation({
    mutationFn: run,
    onSuccess: async (_result, list) => {
      toaster.show(done, { values: { name: list.name } });
      await queryClient.invalidateQueries({ queryKey: checkInQueries.lists(eventId).queryKey });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || failed),
  });
  return (
    <Alert
      isOpen={target !== null}
      intent={intent}
      icon={icon}
      confirmButtonText={intl.formatMessage(button)}
      cancelButtonText={intl.formatMessage(m.cancel)}
      onCancel={onClose}
      onConfirm={() => {
        if (target) action.mutate(target);
        onClose();
      }}
    >
      {target ? intl.formatMessage(confirm, { name: target.name }) : null}
    </Alert>
  );
}

export default CheckInListsPage;
