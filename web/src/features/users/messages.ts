import { defineMessage, defineMessages } from 'react-intl';

export const usersMessages = defineMessages({
  pageTitle: { id: 'users.pageTitle', defaultMessage: 'Users' },
  heading: { id: 'users.heading', defaultMessage: 'Users' },
  intro: {
    id: 'users.intro',
    defaultMessage:
      'Admins can do everything; organizers manage events and tickets but not users, account settings or billing.',
  },
  invite: { id: 'users.invite', defaultMessage: 'Invite user' },
  searchLabel: { id: 'users.search', defaultMessage: 'Search users' },
  searchPlaceholder: { id: 'users.searchPlaceholder', defaultMessage: 'Name or email' },
  tableLabel: { id: 'users.tableLabel', defaultMessage: 'Team members' },
  columnName: { id: 'users.column.name', defaultMessage: 'Name' },
  columnRole: { id: 'users.column.role', defaultMessage: 'Role' },
  columnStatus: { id: 'users.column.status', defaultMessage: 'Status' },
  columnLastLogin: { id: 'users.column.lastLogin', defaultMessage: 'Last login' },
  columnActions: { id: 'users.column.actions', defaultMessage: 'Actions' },
  never: { id: 'users.lastLogin.never', defaultMessage: 'Never' },
  owner: { id: 'users.owner', defaultMessage: 'Owner' },
  you: { id: 'users.you', defaultMessage: 'You' },
  noName: { id: 'users.noName', defaultMessage: 'Not set yet' },
  roleAdmin: { id: 'users.role.admin', defaultMessage: 'Admin' },
  roleOrganizer: { id: 'users.role.organizer', defaultMessage: 'Organizer' },
  statusActive: { id: 'users.status.active', defaultMessage: 'Active' },
  statusInactive: { id: 'users.status.inactive', defaultMessage: 'Inactive' },
  statusInvited: { id: 'users.status.invited', defaultMessage: 'Invitation pending' },
  invitationResent: { id: 'users.invitation.resent', defaultMessage: 'Invitation resent' },
  invitationRevoked: { id: 'users.invitation.revoked', defaultMessage: 'Invitation revoked' },
  invitationExpired: { id: 'users.invitation.expired', defaultMessage: 'Invitation expired' },
  actionsFor: defineMessage<{ name: string }>({
    id: 'users.actionsFor',
    defaultMessage: 'Actions for {name}',
  }),
  makeAdmin: { id: 'users.action.makeAdmin', defaultMessage: 'Make admin' },
  makeOrganizer: { id: 'users.action.makeOrganizer', defaultMessage: 'Make organizer' },
  deactivate: { id: 'users.action.deactivate', defaultMessage: 'Deactivate' },
  activate: { id: 'users.action.activate', defaultMessage: 'Activate' },
  resend: { id: 'users.action.resend', defaultMessage: 'Resend invitation' },
  revoke: { id: 'users.action.revoke', defaultMessage: 'Revoke invitation' },
  erase: { id: 'users.action.erase', defaultMessage: 'Erase personal data' },
  confirmErase: defineMessage<{ name: string }>({
    id: 'users.confirmErase',
    defaultMessage:
      'Erase the name, email address and password of {name} for good? What they did in the account stays, without their name. This cannot be undone.',
  }),
  keep: { id: 'users.keep', defaultMessage: 'Keep' },
  erasedDone: { id: 'users.erasedDone', defaultMessage: 'The personal data was erased.' },
  erased: { id: 'users.erased', defaultMessage: 'Erased' },
  locked: { id: 'users.locked', defaultMessage: "The account owner's role and status cannot be changed." },
  selfLocked: { id: 'users.selfLocked', defaultMessage: 'You cannot change your own role or status.' },
  updated: defineMessage<{ name: string }>({ id: 'users.updated', defaultMessage: '{name} was updated.' }),
  resent: defineMessage<{ email: string }>({
    id: 'users.resent',
    defaultMessage: 'A new invitation was sent to {email}.',
  }),
  revoked: defineMessage<{ email: string }>({
    id: 'users.revoked',
    defaultMessage: 'The invitation to {email} was revoked.',
  }),
  actionFailed: { id: 'users.actionFailed', defaultMessage: 'The change could not be made.' },
  empty: { id: 'users.empty', defaultMessage: 'No users match this search.' },
  loading: { id: 'users.loading', defaultMessage: 'Loading users…' },
  loadFailed: { id: 'users.loadFailed', defaultMessage: 'The users could not be loaded.' },
  paginationNav: { id: 'users.pagination.nav', defaultMessage: 'Pages of users' },
  count: defineMessage<{ count: number }>({
    id: 'users.count',
    defaultMessage: '{count, plural, one {# user} other {# users}}',
  }),
});

export const inviteMessages = defineMessages({
  title: { id: 'users.inviteDialog.title', defaultMessage: 'Invite a user' },
  intro: {
    id: 'users.inviteDialog.intro',
    defaultMessage: 'We email them a link to join this account. The link works for 7 days.',
  },
  email: { id: 'users.inviteDialog.email', defaultMessage: 'Email' },
  role: { id: 'users.inviteDialog.role', defaultMessage: 'Role' },
  firstName: { id: 'users.inviteDialog.firstName', defaultMessage: 'First name' },
  lastName: { id: 'users.inviteDialog.lastName', defaultMessage: 'Last name' },
  optional: { id: 'users.inviteDialog.optional', defaultMessage: '(optional)' },
  send: { id: 'users.inviteDialog.send', defaultMessage: 'Send invitation' },
  cancel: { id: 'users.inviteDialog.cancel', defaultMessage: 'Cancel' },
  sent: defineMessage<{ email: string }>({
    id: 'users.inviteDialog.sent',
    defaultMessage: 'Invitation sent to {email}.',
  }),
  failed: { id: 'users.inviteDialog.failed', defaultMessage: 'The invitation could not be sent.' },
  alreadyMember: {
    id: 'users.inviteDialog.alreadyMember',
    defaultMessage: 'This person is already a member of this account.',
  },
  roleAdminHelp: {
    id: 'users.inviteDialog.roleAdminHelp',
    defaultMessage: 'Admin: everything, including users and account settings.',
  },
  roleOrganizerHelp: {
    id: 'users.inviteDialog.roleOrganizerHelp',
    defaultMessage: 'Organizer: events and tickets only.',
  },
});
