import {
  Alert,
  Button,
  HTMLTable,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  NonIdealState,
  PopoverNext,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../shared/errors/ErrorPage';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import type { User } from '../../shared/api/types';
import { useToaster } from '../../shared/ui/toaster';
import { Pagination } from '../../shared/ui/Pagination';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { eraseMember, resendInvitation, revokeInvitation, updateMember, type TeamMember } from './api';
import { InviteDialog } from './InviteDialog';
import { usersMessages as m } from './messages';
import { hasPermission, userQueries } from './queries';
import '../../shared/ui/account.css';
import { ListPage } from '../../shared/ui/ListPage';

const ROLE: Record<TeamMember['role'], MessageDescriptor> = {
  ADMIN: m.roleAdmin,
  ORGANIZER: m.roleOrganizer,
};

/** What the status column says: the member's status, or where their invitation stands. */
function statusOf(member: TeamMember): {
  label: MessageDescriptor;
  intent: 'success' | 'warning' | 'none' | 'danger';
} {
  if (member.invitation_status === 'REVOKED') return { label: m.invitationRevoked, intent: 'danger' };
  if (member.status === 'INVITED') {
    if (member.invitation_expired) return { label: m.invitationExpired, intent: 'danger' };
    return {
      label: member.invitation_status === 'RESENT' ? m.invitationResent : m.statusInvited,
      intent: 'warning',
    };
  }
  return member.status === 'ACTIVE'
    ? { label: m.statusActive, intent: 'success' }
    : { label: m.statusInactive, intent: 'none' };
}

/** `/account/users`: the account's team (admins only; organizers see the no-permission page). */
export function UsersPage() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <Spinner size={24} />;
  if (me.isError) return <ErrorPage status={isApiError(me.error) ? me.error.status : 500} />;
  if (!hasPermission(me.data, 'users.manage')) return <ErrorPage status={403} />;
  return <Team me={me.data} />;
}

function Team({ me }: { me: User }) {
  const intl = useIntl();
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Number(searchParams.get('page') ?? '1') || 1;
  const [search, setSearch] = useState(searchParams.get('query') ?? '');
  const query = useDebouncedValue(search.trim(), 300);
  const [inviting, setInviting] = useState(false);
  const list = useQuery({
    ...userQueries.list({ page, per_page: 20, query, sort_by: 'created_at', sort_direction: 'asc' }),
    placeholderData: keepPreviousData,
  });

  const members = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <ListPage
      className="users-page"
      title={[m.pageTitle]}
      heading={<h1 className="page-header__title">{intl.formatMessage(m.heading)}</h1>}
      actions={
        <Button
          intent="primary"
          icon="new-person"
          text={intl.formatMessage(m.invite)}
          onClick={() => setInviting(true)}
        />
      }
      above={
        <>
          <p className="page-intro">{intl.formatMessage(m.intro)}</p>
          <div className="users-toolbar" role="search">
            <label htmlFor={searchId} className="sr-only">
              {intl.formatMessage(m.searchLabel)}
            </label>
            <InputGroup
              id={searchId}
              type="search"
              leftIcon="search"
              placeholder={intl.formatMessage(m.searchPlaceholder)}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setSearchParams({}, { replace: true });
              }}
            />
            {meta ? (
              <span className="users-toolbar__count">
                {intl.formatMessage(m.count, { count: meta.total })}
              </span>
            ) : null}
          </div>
        </>
      }
      query={list}
      isEmpty={list.isSuccess && members.length === 0}
      loading={m.loading}
      loadError={m.loadFailed}
      empty={<NonIdealState icon="search" title={intl.formatMessage(m.empty)} />}
      pagination={
        <Pagination
          meta={meta}
          onChange={(next) => setSearchParams({ page: String(next) })}
          label={m.paginationNav}
        />
      }
    >
      <div className="table-scroll">
        <HTMLTable className="users-table" striped aria-label={intl.formatMessage(m.tableLabel)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnName)}</th>
              <th scope="col">{intl.formatMessage(m.columnRole)}</th>
              <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
              <th scope="col">{intl.formatMessage(m.columnLastLogin)}</th>
              <th scope="col">
                <span className="sr-only">{intl.formatMessage(m.columnActions)}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} isMe={member.id === me.id} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <InviteDialog isOpen={inviting} onClose={() => setInviting(false)} />
    </ListPage>
  );
}

function MemberRow({ member, isMe }: { member: TeamMember; isMe: boolean }) {
  const intl = useIntl();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  // An erased former member keeps a unique placeholder address (docs/audit.md "Erasure").
  const erased = member.email.endsWith('@erased.invalid');
  const name = erased ? intl.formatMessage(m.erased) : `${member.first_name} ${member.last_name}`.trim();
  const shownName = name || intl.formatMessage(m.noName);
  const [confirmingErase, setConfirmingErase] = useState(false);
  const status = statusOf(member);
  const refresh = () => queryClient.invalidateQueries({ queryKey: userQueries.lists() });
  const onError = (error: unknown) => {
    const reason = isApiError(error) ? error.reason : null;
    toaster.danger(
      reason === 'account_owner_locked'
        ? m.locked
        : reason === 'cannot_lock_yourself_out'
          ? m.selfLocked
          : m.actionFailed,
    );
  };
  const update = useMutation({
    mutationFn: (changes: Parameters<typeof updateMember>[1]) => updateMember(member.id, changes),
    onSuccess: async () => {
      toaster.success(m.updated, { name: name || member.email });
      await refresh();
    },
    onError,
  });
  const resend = useMutation({
    mutationFn: () => resendInvitation(member.id),
    onSuccess: async () => {
      toaster.success(m.resent, { email: member.email });
      await refresh();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: () => revokeInvitation(member.id),
    onSuccess: async () => {
      toaster.show(m.revoked, { values: { email: member.email } });
      await refresh();
    },
    onError,
  });
  const erase = useMutation({
    mutationFn: () => eraseMember(member.id),
    onSuccess: async () => {
      toaster.success(m.erasedDone);
      await refresh();
    },
    onError: (error: unknown) =>
      toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.actionFailed),
  });
  const busy = update.isPending || resend.isPending || revoke.isPending || erase.isPending;
  const invitationOpen = member.status === 'INVITED';
  const locked = member.is_account_owner || isMe;
  const hasActions = !erased && member.invitation_status !== 'REVOKED' && (!locked || invitationOpen);

  return (
    <tr>
      <td>
        <div className="member-name">
          <strong className={name ? undefined : 'text-muted'}>{shownName}</strong>
          {member.is_account_owner ? (
            <Tag minimal round icon="crown">
              {intl.formatMessage(m.owner)}
            </Tag>
          ) : null}
          {isMe ? (
            <Tag minimal round>
              {intl.formatMessage(m.you)}
            </Tag>
          ) : null}
        </div>
        {erased ? null : <div className="text-muted">{member.email}</div>}
      </td>
      <td>{intl.formatMessage(ROLE[member.role])}</td>
      <td>
        <Tag minimal round intent={status.intent}>
          {intl.formatMessage(status.label)}
        </Tag>
      </td>
      <td>
        {member.last_login_at
          ? intl.formatDate(member.last_login_at, { dateStyle: 'medium', timeStyle: 'short' })
          : intl.formatMessage(m.never)}
      </td>
      <td className="users-table__actions">
        {!hasActions ? null : (
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu>
                <MenuItem
                  icon="people"
                  text={intl.formatMessage(member.role === 'ADMIN' ? m.makeOrganizer : m.makeAdmin)}
                  onClick={() => update.mutate({ role: member.role === 'ADMIN' ? 'ORGANIZER' : 'ADMIN' })}
                />
                {invitationOpen ? null : (
                  <MenuItem
                    icon={member.status === 'ACTIVE' ? 'disable' : 'tick-circle'}
                    intent={member.status === 'ACTIVE' ? 'danger' : 'none'}
                    text={intl.formatMessage(member.status === 'ACTIVE' ? m.deactivate : m.activate)}
                    onClick={() =>
                      update.mutate({ status: member.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' })
                    }
                  />
                )}
                {member.status === 'INACTIVE' && !locked ? (
                  <>
                    <MenuDivider />
                    <MenuItem
                      icon="eraser"
                      intent="danger"
                      text={intl.formatMessage(m.erase)}
                      onClick={() => setConfirmingErase(true)}
                    />
                  </>
                ) : null}
                {invitationOpen ? (
                  <>
                    <MenuDivider />
                    <MenuItem
                      icon="envelope"
                      text={intl.formatMessage(m.resend)}
                      onClick={() => resend.mutate()}
                    />
                    <MenuItem
                      icon="cross"
                      intent="danger"
                      text={intl.formatMessage(m.revoke)}
                      onClick={() => revoke.mutate()}
                    />
                  </>
                ) : null}
              </Menu>
            }
          >
            <Button
              variant="minimal"
              icon="more"
              loading={busy}
              aria-label={intl.formatMessage(m.actionsFor, { name: name || member.email })}
              title={intl.formatMessage(m.actionsFor, { name: name || member.email })}
            />
          </PopoverNext>
        )}
        <Alert
          isOpen={confirmingErase}
          intent="danger"
          icon="eraser"
          confirmButtonText={intl.formatMessage(m.erase)}
          cancelButtonText={intl.formatMessage(m.keep)}
          onCancel={() => setConfirmingErase(false)}
          onConfirm={() => {
            setConfirmingErase(false);
            erase.mutate();
          }}
        >
          <p>{intl.formatMessage(m.confirmErase, { name: name || member.email })}</p>
        </Alert>
      </td>
    </tr>
  );
}

export default UsersPage;
