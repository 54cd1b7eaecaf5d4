// Generated from /api/openapi.json by `npm run contract:types` (services/tools/contractTypes.ts): do not edit.

export type PostAuthRegisterBody = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  timezone?: string;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  account_name?: string;
  currency?: string;
};

export type PostAuthRegisterResponse = {
  message: string;
};

export type PostAuthLoginBody = {
  email: string;
  password: string;
  account_id?: string;
};

export type PostAuthLoginResponse =
  | {
      token: string;
      expires_at: string;
      user: {
        id: string;
        first_name: string;
        last_name: string;
        email: string;
        role: 'ADMIN' | 'ORGANIZER';
        status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
        account_id: string;
        account_name: string;
        is_account_owner: boolean;
        account_count: number;
        timezone: string;
        locale: string;
        email_verified: boolean;
        pending_email: string | null;
        pending_email_expires_at: string | null;
        last_login_at: string | null;
        permissions: string[];
      };
    }
  | {
      token: null;
      accounts: {
        id: string;
        name: string;
        role: 'ADMIN' | 'ORGANIZER';
      }[];
    };

export type PostAuthForgotPasswordBody = {
  email: string;
};

export type PostAuthForgotPasswordResponse = {
  message: string;
};

export type GetAuthResetPasswordByTokenResponse = {
  data: {
    valid: true;
  };
};

export type PostAuthResetPasswordByTokenBody = {
  password: string;
  password_confirmation: string;
};

export type PostAuthResetPasswordByTokenResponse = {
  message: string;
};

export type GetAuthInvitationByTokenResponse = {
  data: {
    email: string;
    first_name: string;
    last_name: string;
    account_name: string;
    role: 'ADMIN' | 'ORGANIZER';
    existing_user: boolean;
  };
};

export type PostAuthInvitationByTokenBody =
  | {
      first_name: string;
      last_name: string;
      password: string;
      password_confirmation: string;
      timezone?: string;
      locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
    }
  | {
      password: string;
    };

export type PostAuthInvitationByTokenResponse = {
  data: {
    email: string;
    account_id: string;
    account_name: string;
  };
};

export type GetUsersMeResponse = {
  data: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    account_id: string;
    account_name: string;
    is_account_owner: boolean;
    account_count: number;
    timezone: string;
    locale: string;
    email_verified: boolean;
    pending_email: string | null;
    pending_email_expires_at: string | null;
    last_login_at: string | null;
    permissions: string[];
  };
};

export type PutUsersMeBody = {
  first_name?: string;
  last_name?: string;
  email?: string;
  timezone?: string;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  current_password?: string;
  password?: string;
  password_confirmation?: string;
};

export type PutUsersMeResponse = {
  data: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    account_id: string;
    account_name: string;
    is_account_owner: boolean;
    account_count: number;
    timezone: string;
    locale: string;
    email_verified: boolean;
    pending_email: string | null;
    pending_email_expires_at: string | null;
    last_login_at: string | null;
    permissions: string[];
  };
};

export type PostUsersByIdConfirmEmailByTokenResponse = {
  data: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    account_id: string;
    account_name: string;
    is_account_owner: boolean;
    account_count: number;
    timezone: string;
    locale: string;
    email_verified: boolean;
    pending_email: string | null;
    pending_email_expires_at: string | null;
    last_login_at: string | null;
    permissions: string[];
  };
};

export type PostUsersByIdResendEmailConfirmationResponse = {
  message: string;
};

export type PostUsersByIdEmailChangeByTokenResponse = {
  data: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    account_id: string;
    account_name: string;
    is_account_owner: boolean;
    account_count: number;
    timezone: string;
    locale: string;
    email_verified: boolean;
    pending_email: string | null;
    pending_email_expires_at: string | null;
    last_login_at: string | null;
    permissions: string[];
  };
};

export type DeleteUsersByIdEmailChangeResponse = {
  data: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    account_id: string;
    account_name: string;
    is_account_owner: boolean;
    account_count: number;
    timezone: string;
    locale: string;
    email_verified: boolean;
    pending_email: string | null;
    pending_email_expires_at: string | null;
    last_login_at: string | null;
    permissions: string[];
  };
};

export type GetUsersResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetUsersQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of first_name, last_name, email, role, status, last_login_at, created_at (created_at) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[role][eq]'?: string;
  'filter_fields[role][in]'?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
};

export type PostUsersBody = {
  email: string;
  role: 'ADMIN' | 'ORGANIZER';
  first_name?: string;
  last_name?: string;
};

export type PostUsersResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type GetUsersByIdResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type PutUsersByIdBody = {
  first_name?: string;
  last_name?: string;
  role?: 'ADMIN' | 'ORGANIZER';
  status?: 'ACTIVE' | 'INACTIVE';
};

export type PutUsersByIdResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type PostUsersByIdInvitationResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type DeleteUsersByIdInvitationResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type PostUsersByIdEraseResponse = {
  data: {
    id: string;
    account_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: 'ADMIN' | 'ORGANIZER';
    status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
    is_account_owner: boolean;
    invitation_status: 'PENDING' | 'RESENT' | 'ACCEPTED' | 'REVOKED' | null;
    invitation_expires_at: string | null;
    invitation_expired: boolean;
    timezone: string;
    locale: string;
    email_verified: boolean;
    last_login_at: string | null;
    created_at: string;
  };
};

export type GetAccountResponse = {
  data: {
    id: string;
    name: string;
    currency: string;
    timezone: string;
    owner_user_id: string | null;
    created_at: string;
    updated_at: string;
  };
};

export type PutAccountBody = {
  name?: string;
  currency?: string;
  timezone?: string;
};

export type PutAccountResponse = {
  data: {
    id: string;
    name: string;
    currency: string;
    timezone: string;
    owner_user_id: string | null;
    created_at: string;
    updated_at: string;
  };
};

export type GetOutboxResponse = {
  data: {
    id: string;
    template: string;
    to: string;
    subject: string;
    locale: string;
    status: 'pending' | 'sending' | 'sent' | 'failed';
    transport: 'smtp' | 'outbox' | null;
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetOutboxQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of created_at, to_address, subject, status (created_at) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[template][eq]'?: string;
  'filter_fields[template][in]'?: string;
  'filter_fields[to_address][eq]'?: string;
  'filter_fields[to_address][like]'?: string;
};

export type GetOutboxByIdResponse = {
  data: {
    id: string;
    template: string;
    to: string;
    subject: string;
    locale: string;
    status: 'pending' | 'sending' | 'sent' | 'failed';
    transport: 'smtp' | 'outbox' | null;
    attempts: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
    text: string;
    html: string;
  };
};

export type GetAccountAuditResponse = {
  data: {
    position: string;
    at: string;
    type:
      | 'AccountCreated'
      | 'AccountSettingsUpdated'
      | 'MemberInvited'
      | 'InvitationResent'
      | 'InvitationRevoked'
      | 'InvitationAccepted'
      | 'MemberRoleChanged'
      | 'MemberStatusChanged'
      | 'EventCreated'
      | 'EventDetailsUpdated'
      | 'EventSettingsUpdated'
      | 'EventImageUploaded'
      | 'EventImageRemoved'
      | 'EventPublished'
      | 'EventMovedToDraft'
      | 'EventArchived'
      | 'EventRestored'
      | 'EventDeleted'
      | 'TicketCreated'
      | 'TicketUpdated'
      | 'TicketSalesPaused'
      | 'TicketSalesResumed'
      | 'TicketDeleted'
      | 'TicketWaitingListSet'
      | 'TicketsSorted'
      | 'TaxCreated'
      | 'TaxUpdated'
      | 'TaxDeleted'
      | 'PromoCodeCreated'
      | 'PromoCodeUpdated'
      | 'PromoCodeDeleted'
      | 'QuestionCreated'
      | 'QuestionUpdated'
      | 'QuestionDeleted'
      | 'QuestionsSorted'
      | 'AffiliateCreated'
      | 'AffiliateUpdated'
      | 'AffiliateDeleted'
      | 'CapacityAssignmentCreated'
      | 'CapacityAssignmentUpdated'
      | 'CapacityAssignmentDeleted'
      | 'OrganizerCreated'
      | 'OrganizerUpdated'
      | 'OrganizerImageUploaded'
      | 'OrganizerImageRemoved'
      | 'EventDefaultsUpdated'
      | 'CheckInListCreated'
      | 'CheckInListUpdated'
      | 'CheckInListLinkRotated'
      | 'CheckInListDeleted'
      | 'ConnectedAccountCreated'
      | 'ConnectedAccountUpdated'
      | 'WebhookCreated'
      | 'WebhookUpdated'
      | 'WebhookStatusChanged'
      | 'WebhookDeleted'
      | 'OrderMailTemplateSaved'
      | 'OrderMailTemplateReset'
      | 'MessageScheduled'
      | 'MessageDispatched'
      | 'MessageCancelled'
      | 'MessageTestSent'
      | 'OrderPersonalDataErased';
    actor: {
      id: string;
      kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
      name: string | null;
    };
    ip: string | null;
    correlation_id: string | null;
    entity: {
      kind:
        | 'account'
        | 'member'
        | 'event'
        | 'ticket'
        | 'question'
        | 'promo_code'
        | 'tax'
        | 'affiliate'
        | 'capacity_assignment'
        | 'organizer'
        | 'event_defaults'
        | 'check_in_list'
        | 'payment_connection'
        | 'webhook'
        | 'mail_template'
        | 'message'
        | 'order';
      id: string;
      name: string | null;
    };
    event: {
      id: string;
      title: string | null;
    } | null;
    fields: string[];
    detail: string | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetAccountAuditQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of position (position) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  /** Who made the change: a member id, or system, public or stripe */
  actor?: string;
  /** What the change was about: account, member, event, ticket, question, promo_code, tax, affiliate, capacity_assignment, organizer, event_defaults, check_in_list, payment_connection, webhook, mail_template, message, order */
  entity_kind?: string;
  /** The entity's id */
  entity_id?: string;
  /** Event types, comma-separated */
  type?: string;
  /** From this day (YYYY-MM-DD, UTC) or instant (ISO 8601), inclusive */
  from?: string;
  /** Up to this day (YYYY-MM-DD, UTC, inclusive) or instant (exclusive) */
  to?: string;
};

export type GetAccountAuditActorsResponse = {
  data: {
    id: string;
    kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
    name: string | null;
  }[];
};

export type GetAccountAuditExportQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of position (position) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  /** Who made the change: a member id, or system, public or stripe */
  actor?: string;
  /** What the change was about: account, member, event, ticket, question, promo_code, tax, affiliate, capacity_assignment, organizer, event_defaults, check_in_list, payment_connection, webhook, mail_template, message, order */
  entity_kind?: string;
  /** The entity's id */
  entity_id?: string;
  /** Event types, comma-separated */
  type?: string;
  /** From this day (YYYY-MM-DD, UTC) or instant (ISO 8601), inclusive */
  from?: string;
  /** Up to this day (YYYY-MM-DD, UTC, inclusive) or instant (exclusive) */
  to?: string;
  /** csv (the default) or xlsx */
  format?: string;
};

export type GetEventsResponse = {
  data: {
    id: string;
    account_id: string;
    organizer_id: string | null;
    title: string;
    slug: string;
    description: string | null;
    description_html: string | null;
    start_date: string;
    end_date: string | null;
    timezone: string;
    currency: string;
    status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
    lifecycle: 'upcoming' | 'ongoing' | 'ended';
    is_online: boolean;
    location: {
      venue_name: string | null;
      address_line_1: string | null;
      address_line_2: string | null;
      city: string | null;
      state_or_region: string | null;
      zip_or_postal_code: string | null;
      country: string | null;
    } | null;
    created_at: string;
    updated_at: string;
    published_at: string | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetEventsQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of title, start_date, created_at, updated_at (start_date) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][ne]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[lifecycle][eq]'?: string;
  'filter_fields[lifecycle][in]'?: string;
  'filter_fields[organizer_id][eq]'?: string;
  'filter_fields[start_date][gte]'?: string;
  'filter_fields[start_date][lte]'?: string;
  'filter_fields[start_date][gt]'?: string;
  'filter_fields[start_date][lt]'?: string;
  'filter_fields[title][eq]'?: string;
  'filter_fields[title][like]'?: string;
};

export type PostEventsBody = {
  title: string;
  description?: string | null;
  start_date: string;
  end_date?: string | null;
  timezone: string;
  currency: string;
  is_online?: boolean;
  online_connection_details?: string | null;
  location?: {
    venue_name?: string | null;
    address_line_1?: string | null;
    address_line_2?: string | null;
    city?: string | null;
    state_or_region?: string | null;
    zip_or_postal_code?: string | null;
    country?: string | null;
  } | null;
  map_url?: string | null;
  organizer_id: string;
};

export type PostEventsResponse =
  | {
      data: {
        id: string;
        account_id: string;
        organizer_id: string | null;
        title: string;
        slug: string;
        description: string | null;
        description_html: string | null;
        start_date: string;
        end_date: string | null;
        timezone: string;
        currency: string;
        status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
        lifecycle: 'upcoming' | 'ongoing' | 'ended';
        is_online: boolean;
        location: {
          venue_name: string | null;
          address_line_1: string | null;
          address_line_2: string | null;
          city: string | null;
          state_or_region: string | null;
          zip_or_postal_code: string | null;
          country: string | null;
        } | null;
        created_at: string;
        updated_at: string;
        published_at: string | null;
        online_connection_details: string | null;
        map_url: string | null;
        settings: {
          support_email: string | null;
          reply_to_email: string | null;
          email_footer_message: string | null;
          seo_title: string | null;
          seo_description: string | null;
          seo_keywords: string | null;
          allow_search_engine_indexing: boolean;
          order_timeout_minutes: number;
          price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
          show_available_quantity: boolean;
          hide_homepage_from_sidebar: boolean;
          pre_checkout_message: string | null;
          post_checkout_message: string | null;
          continue_button_text: string | null;
          offline_payments_enabled: boolean;
          offline_payment_instructions: string | null;
          allow_orders_awaiting_offline_payment_to_check_in: boolean;
          invoices_enabled: boolean;
          waiting_room_enabled: boolean | null;
          waiting_room_checkout_capacity: number;
          homepage_background_type: 'COLOR' | 'COVER_IMAGE';
          homepage_background_color: string;
          homepage_content_background_color: string;
          homepage_primary_color: string;
          homepage_secondary_color: string;
          homepage_text_color: string;
          homepage_button_color: string;
          homepage_link_color: string;
          widget_background_color: string;
          widget_text_color: string;
        };
        images: {
          id: string;
          type: string;
          url: string;
          content_type: string;
          size: number;
          width: number;
          height: number;
          uploaded_at: string;
        }[];
        cover_image_url: string | null;
        organizer: {
          id: string;
          name: string;
          email: string | null;
          website: string | null;
          description: string | null;
          description_html: string | null;
          logo_url: string | null;
          cover_url: string | null;
        } | null;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type GetEventsByIdResponse = {
  data: {
    id: string;
    account_id: string;
    organizer_id: string | null;
    title: string;
    slug: string;
    description: string | null;
    description_html: string | null;
    start_date: string;
    end_date: string | null;
    timezone: string;
    currency: string;
    status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
    lifecycle: 'upcoming' | 'ongoing' | 'ended';
    is_online: boolean;
    location: {
      venue_name: string | null;
      address_line_1: string | null;
      address_line_2: string | null;
      city: string | null;
      state_or_region: string | null;
      zip_or_postal_code: string | null;
      country: string | null;
    } | null;
    created_at: string;
    updated_at: string;
    published_at: string | null;
    online_connection_details: string | null;
    map_url: string | null;
    settings: {
      support_email: string | null;
      reply_to_email: string | null;
      email_footer_message: string | null;
      seo_title: string | null;
      seo_description: string | null;
      seo_keywords: string | null;
      allow_search_engine_indexing: boolean;
      order_timeout_minutes: number;
      price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
      show_available_quantity: boolean;
      hide_homepage_from_sidebar: boolean;
      pre_checkout_message: string | null;
      post_checkout_message: string | null;
      continue_button_text: string | null;
      offline_payments_enabled: boolean;
      offline_payment_instructions: string | null;
      allow_orders_awaiting_offline_payment_to_check_in: boolean;
      invoices_enabled: boolean;
      waiting_room_enabled: boolean | null;
      waiting_room_checkout_capacity: number;
      homepage_background_type: 'COLOR' | 'COVER_IMAGE';
      homepage_background_color: string;
      homepage_content_background_color: string;
      homepage_primary_color: string;
      homepage_secondary_color: string;
      homepage_text_color: string;
      homepage_button_color: string;
      homepage_link_color: string;
      widget_background_color: string;
      widget_text_color: string;
    };
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    cover_image_url: string | null;
    organizer: {
      id: string;
      name: string;
      email: string | null;
      website: string | null;
      description: string | null;
      description_html: string | null;
      logo_url: string | null;
      cover_url: string | null;
    } | null;
  };
};

export type PutEventsByIdBody = {
  title?: string;
  description?: string | null;
  start_date?: string;
  end_date?: string | null;
  timezone?: string;
  currency?: string;
  is_online?: boolean;
  online_connection_details?: string | null;
  location?: {
    venue_name?: string | null;
    address_line_1?: string | null;
    address_line_2?: string | null;
    city?: string | null;
    state_or_region?: string | null;
    zip_or_postal_code?: string | null;
    country?: string | null;
  } | null;
  map_url?: string | null;
  organizer_id?: string;
};

export type PutEventsByIdResponse =
  | {
      data: {
        id: string;
        account_id: string;
        organizer_id: string | null;
        title: string;
        slug: string;
        description: string | null;
        description_html: string | null;
        start_date: string;
        end_date: string | null;
        timezone: string;
        currency: string;
        status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
        lifecycle: 'upcoming' | 'ongoing' | 'ended';
        is_online: boolean;
        location: {
          venue_name: string | null;
          address_line_1: string | null;
          address_line_2: string | null;
          city: string | null;
          state_or_region: string | null;
          zip_or_postal_code: string | null;
          country: string | null;
        } | null;
        created_at: string;
        updated_at: string;
        published_at: string | null;
        online_connection_details: string | null;
        map_url: string | null;
        settings: {
          support_email: string | null;
          reply_to_email: string | null;
          email_footer_message: string | null;
          seo_title: string | null;
          seo_description: string | null;
          seo_keywords: string | null;
          allow_search_engine_indexing: boolean;
          order_timeout_minutes: number;
          price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
          show_available_quantity: boolean;
          hide_homepage_from_sidebar: boolean;
          pre_checkout_message: string | null;
          post_checkout_message: string | null;
          continue_button_text: string | null;
          offline_payments_enabled: boolean;
          offline_payment_instructions: string | null;
          allow_orders_awaiting_offline_payment_to_check_in: boolean;
          invoices_enabled: boolean;
          waiting_room_enabled: boolean | null;
          waiting_room_checkout_capacity: number;
          homepage_background_type: 'COLOR' | 'COVER_IMAGE';
          homepage_background_color: string;
          homepage_content_background_color: string;
          homepage_primary_color: string;
          homepage_secondary_color: string;
          homepage_text_color: string;
          homepage_button_color: string;
          homepage_link_color: string;
          widget_background_color: string;
          widget_text_color: string;
        };
        images: {
          id: string;
          type: string;
          url: string;
          content_type: string;
          size: number;
          width: number;
          height: number;
          uploaded_at: string;
        }[];
        cover_image_url: string | null;
        organizer: {
          id: string;
          name: string;
          email: string | null;
          website: string | null;
          description: string | null;
          description_html: string | null;
          logo_url: string | null;
          cover_url: string | null;
        } | null;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type PutEventsByIdStatusBody = {
  status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
};

export type PutEventsByIdStatusResponse =
  | {
      data: {
        id: string;
        account_id: string;
        organizer_id: string | null;
        title: string;
        slug: string;
        description: string | null;
        description_html: string | null;
        start_date: string;
        end_date: string | null;
        timezone: string;
        currency: string;
        status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
        lifecycle: 'upcoming' | 'ongoing' | 'ended';
        is_online: boolean;
        location: {
          venue_name: string | null;
          address_line_1: string | null;
          address_line_2: string | null;
          city: string | null;
          state_or_region: string | null;
          zip_or_postal_code: string | null;
          country: string | null;
        } | null;
        created_at: string;
        updated_at: string;
        published_at: string | null;
        online_connection_details: string | null;
        map_url: string | null;
        settings: {
          support_email: string | null;
          reply_to_email: string | null;
          email_footer_message: string | null;
          seo_title: string | null;
          seo_description: string | null;
          seo_keywords: string | null;
          allow_search_engine_indexing: boolean;
          order_timeout_minutes: number;
          price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
          show_available_quantity: boolean;
          hide_homepage_from_sidebar: boolean;
          pre_checkout_message: string | null;
          post_checkout_message: string | null;
          continue_button_text: string | null;
          offline_payments_enabled: boolean;
          offline_payment_instructions: string | null;
          allow_orders_awaiting_offline_payment_to_check_in: boolean;
          invoices_enabled: boolean;
          waiting_room_enabled: boolean | null;
          waiting_room_checkout_capacity: number;
          homepage_background_type: 'COLOR' | 'COVER_IMAGE';
          homepage_background_color: string;
          homepage_content_background_color: string;
          homepage_primary_color: string;
          homepage_secondary_color: string;
          homepage_text_color: string;
          homepage_button_color: string;
          homepage_link_color: string;
          widget_background_color: string;
          widget_text_color: string;
        };
        images: {
          id: string;
          type: string;
          url: string;
          content_type: string;
          size: number;
          width: number;
          height: number;
          uploaded_at: string;
        }[];
        cover_image_url: string | null;
        organizer: {
          id: string;
          name: string;
          email: string | null;
          website: string | null;
          description: string | null;
          description_html: string | null;
          logo_url: string | null;
          cover_url: string | null;
        } | null;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type PostEventsByIdDuplicateBody = {
  title?: string;
  start_date?: string;
  end_date?: string | null;
  copy?: {
    tickets?: boolean;
    questions?: boolean;
    promo_codes?: boolean;
    capacity_assignments?: boolean;
    check_in_lists?: boolean;
    settings?: boolean;
    images?: boolean;
  };
};

export type PostEventsByIdDuplicateResponse =
  | {
      data: {
        id: string;
        account_id: string;
        organizer_id: string | null;
        title: string;
        slug: string;
        description: string | null;
        description_html: string | null;
        start_date: string;
        end_date: string | null;
        timezone: string;
        currency: string;
        status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
        lifecycle: 'upcoming' | 'ongoing' | 'ended';
        is_online: boolean;
        location: {
          venue_name: string | null;
          address_line_1: string | null;
          address_line_2: string | null;
          city: string | null;
          state_or_region: string | null;
          zip_or_postal_code: string | null;
          country: string | null;
        } | null;
        created_at: string;
        updated_at: string;
        published_at: string | null;
        online_connection_details: string | null;
        map_url: string | null;
        settings: {
          support_email: string | null;
          reply_to_email: string | null;
          email_footer_message: string | null;
          seo_title: string | null;
          seo_description: string | null;
          seo_keywords: string | null;
          allow_search_engine_indexing: boolean;
          order_timeout_minutes: number;
          price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
          show_available_quantity: boolean;
          hide_homepage_from_sidebar: boolean;
          pre_checkout_message: string | null;
          post_checkout_message: string | null;
          continue_button_text: string | null;
          offline_payments_enabled: boolean;
          offline_payment_instructions: string | null;
          allow_orders_awaiting_offline_payment_to_check_in: boolean;
          invoices_enabled: boolean;
          waiting_room_enabled: boolean | null;
          waiting_room_checkout_capacity: number;
          homepage_background_type: 'COLOR' | 'COVER_IMAGE';
          homepage_background_color: string;
          homepage_content_background_color: string;
          homepage_primary_color: string;
          homepage_secondary_color: string;
          homepage_text_color: string;
          homepage_button_color: string;
          homepage_link_color: string;
          widget_background_color: string;
          widget_text_color: string;
        };
        images: {
          id: string;
          type: string;
          url: string;
          content_type: string;
          size: number;
          width: number;
          height: number;
          uploaded_at: string;
        }[];
        cover_image_url: string | null;
        organizer: {
          id: string;
          name: string;
          email: string | null;
          website: string | null;
          description: string | null;
          description_html: string | null;
          logo_url: string | null;
          cover_url: string | null;
        } | null;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type GetEventsByIdSettingsResponse = {
  data: {
    support_email: string | null;
    reply_to_email: string | null;
    email_footer_message: string | null;
    seo_title: string | null;
    seo_description: string | null;
    seo_keywords: string | null;
    allow_search_engine_indexing: boolean;
    order_timeout_minutes: number;
    price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
    show_available_quantity: boolean;
    hide_homepage_from_sidebar: boolean;
    pre_checkout_message: string | null;
    post_checkout_message: string | null;
    continue_button_text: string | null;
    offline_payments_enabled: boolean;
    offline_payment_instructions: string | null;
    allow_orders_awaiting_offline_payment_to_check_in: boolean;
    invoices_enabled: boolean;
    waiting_room_enabled: boolean | null;
    waiting_room_checkout_capacity: number;
    homepage_background_type: 'COLOR' | 'COVER_IMAGE';
    homepage_background_color: string;
    homepage_content_background_color: string;
    homepage_primary_color: string;
    homepage_secondary_color: string;
    homepage_text_color: string;
    homepage_button_color: string;
    homepage_link_color: string;
    widget_background_color: string;
    widget_text_color: string;
  };
};

export type PutEventsByIdSettingsBody = {
  support_email?: string | null;
  reply_to_email?: string | null;
  email_footer_message?: string | null;
  seo_title?: string | null;
  seo_description?: string | null;
  seo_keywords?: string | null;
  allow_search_engine_indexing?: boolean;
  order_timeout_minutes?: number;
  price_display_mode?: 'INCLUSIVE' | 'EXCLUSIVE';
  show_available_quantity?: boolean;
  hide_homepage_from_sidebar?: boolean;
  pre_checkout_message?: string | null;
  post_checkout_message?: string | null;
  continue_button_text?: string | null;
  offline_payments_enabled?: boolean;
  offline_payment_instructions?: string | null;
  allow_orders_awaiting_offline_payment_to_check_in?: boolean;
  invoices_enabled?: boolean;
  waiting_room_enabled?: boolean | null;
  waiting_room_checkout_capacity?: number;
  homepage_background_type?: 'COLOR' | 'COVER_IMAGE';
  homepage_background_color?: string;
  homepage_content_background_color?: string;
  homepage_primary_color?: string;
  homepage_secondary_color?: string;
  homepage_text_color?: string;
  homepage_button_color?: string;
  homepage_link_color?: string;
  widget_background_color?: string;
  widget_text_color?: string;
};

export type PutEventsByIdSettingsResponse =
  | {
      data: {
        support_email: string | null;
        reply_to_email: string | null;
        email_footer_message: string | null;
        seo_title: string | null;
        seo_description: string | null;
        seo_keywords: string | null;
        allow_search_engine_indexing: boolean;
        order_timeout_minutes: number;
        price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
        show_available_quantity: boolean;
        hide_homepage_from_sidebar: boolean;
        pre_checkout_message: string | null;
        post_checkout_message: string | null;
        continue_button_text: string | null;
        offline_payments_enabled: boolean;
        offline_payment_instructions: string | null;
        allow_orders_awaiting_offline_payment_to_check_in: boolean;
        invoices_enabled: boolean;
        waiting_room_enabled: boolean | null;
        waiting_room_checkout_capacity: number;
        homepage_background_type: 'COLOR' | 'COVER_IMAGE';
        homepage_background_color: string;
        homepage_content_background_color: string;
        homepage_primary_color: string;
        homepage_secondary_color: string;
        homepage_text_color: string;
        homepage_button_color: string;
        homepage_link_color: string;
        widget_background_color: string;
        widget_text_color: string;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type GetEventsByIdImagesResponse = {
  data: {
    id: string;
    type: string;
    url: string;
    content_type: string;
    size: number;
    width: number;
    height: number;
    uploaded_at: string;
  }[];
};

export type PostEventsByIdImagesResponse =
  | {
      data: {
        id: string;
        type: string;
        url: string;
        content_type: string;
        size: number;
        width: number;
        height: number;
        uploaded_at: string;
      };
    }
  | {
      committed: {
        events: string[];
        position: string;
      };
      event_deleted: {
        position: string;
        deleted_at: string;
      };
    };

export type GetOrganizersResponse = {
  data: {
    id: string;
    name: string;
    email: string | null;
    website: string | null;
    description: string | null;
    description_html: string | null;
    logo_url: string | null;
    cover_url: string | null;
    account_id: string;
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    created_at: string;
    updated_at: string;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetOrganizersQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of name, created_at, updated_at (name) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[name][eq]'?: string;
  'filter_fields[name][like]'?: string;
};

export type PostOrganizersBody = {
  name: string;
  email?: string | null;
  website?: string | null;
  description?: string | null;
};

export type PostOrganizersResponse = {
  data: {
    id: string;
    name: string;
    email: string | null;
    website: string | null;
    description: string | null;
    description_html: string | null;
    logo_url: string | null;
    cover_url: string | null;
    account_id: string;
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    created_at: string;
    updated_at: string;
  };
};

export type GetOrganizersByIdResponse = {
  data: {
    id: string;
    name: string;
    email: string | null;
    website: string | null;
    description: string | null;
    description_html: string | null;
    logo_url: string | null;
    cover_url: string | null;
    account_id: string;
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    created_at: string;
    updated_at: string;
  };
};

export type PutOrganizersByIdBody = {
  name?: string;
  email?: string | null;
  website?: string | null;
  description?: string | null;
};

export type PutOrganizersByIdResponse = {
  data: {
    id: string;
    name: string;
    email: string | null;
    website: string | null;
    description: string | null;
    description_html: string | null;
    logo_url: string | null;
    cover_url: string | null;
    account_id: string;
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    created_at: string;
    updated_at: string;
  };
};

export type GetOrganizersByIdImagesResponse = {
  data: {
    id: string;
    type: string;
    url: string;
    content_type: string;
    size: number;
    width: number;
    height: number;
    uploaded_at: string;
  }[];
};

export type PostOrganizersByIdImagesResponse = {
  data: {
    id: string;
    type: string;
    url: string;
    content_type: string;
    size: number;
    width: number;
    height: number;
    uploaded_at: string;
  };
};

export type GetEventDefaultsResponse = {
  data: {
    timezone: string | null;
    currency: string | null;
    order_timeout_minutes: number;
    price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
    allow_search_engine_indexing: boolean;
    show_available_quantity: boolean;
    invoices_enabled: boolean;
    support_email: string | null;
    continue_button_text: string | null;
    account: {
      timezone: string;
      currency: string;
    } | null;
  };
};

export type PutEventDefaultsBody = {
  timezone?: string | null;
  currency?: string | null;
  order_timeout_minutes?: number;
  price_display_mode?: 'INCLUSIVE' | 'EXCLUSIVE';
  allow_search_engine_indexing?: boolean;
  show_available_quantity?: boolean;
  invoices_enabled?: boolean;
  support_email?: string | null;
  continue_button_text?: string | null;
};

export type PutEventDefaultsResponse = {
  data: {
    timezone: string | null;
    currency: string | null;
    order_timeout_minutes: number;
    price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
    allow_search_engine_indexing: boolean;
    show_available_quantity: boolean;
    invoices_enabled: boolean;
    support_email: string | null;
    continue_button_text: string | null;
    account: {
      timezone: string;
      currency: string;
    } | null;
  };
};

export type GetEventsByIdTicketsResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByIdTicketsBody = {
  type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
  title: string;
  description?: string | null;
  price?: number | null;
  minimum_price?: number | null;
  tiers?: {
    tier_id?: string;
    label: string;
    price: number;
    hidden?: boolean;
    quantity?: number | null;
  }[];
  quantity?: number | null;
  min_per_order?: number;
  max_per_order?: number | null;
  sale_start?: string | null;
  sale_end?: string | null;
  hidden?: boolean;
  hide_before_sale_start?: boolean;
  hide_after_sale_end?: boolean;
  hide_when_sold_out?: boolean;
  hidden_unless_promo_code?: boolean;
  show_quantity_remaining?: boolean;
  collapse_on_load?: boolean;
  tax_and_fee_ids?: string[];
};

export type PostEventsByIdTicketsResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByIdTicketsSortBody = {
  ticket_ids: string[];
};

export type PutEventsByIdTicketsSortResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  }[];
};

export type GetEventsByIdTicketsByTicketIdResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByIdTicketsByTicketIdBody = {
  type?: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
  title?: string;
  description?: string | null;
  price?: number | null;
  minimum_price?: number | null;
  tiers?: {
    tier_id?: string;
    label: string;
    price: number;
    hidden?: boolean;
    quantity?: number | null;
  }[];
  quantity?: number | null;
  min_per_order?: number;
  max_per_order?: number | null;
  sale_start?: string | null;
  sale_end?: string | null;
  hidden?: boolean;
  hide_before_sale_start?: boolean;
  hide_after_sale_end?: boolean;
  hide_when_sold_out?: boolean;
  hidden_unless_promo_code?: boolean;
  show_quantity_remaining?: boolean;
  collapse_on_load?: boolean;
  tax_and_fee_ids?: string[];
};

export type PutEventsByIdTicketsByTicketIdResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  };
};

export type PostEventsByIdTicketsByTicketIdPauseResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  };
};

export type PostEventsByIdTicketsByTicketIdResumeResponse = {
  data: {
    id: string;
    event_id: string;
    type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
    title: string;
    description: string | null;
    price: number | null;
    minimum_price: number | null;
    tiers: {
      tier_id: string;
      label: string;
      price: number;
      hidden: boolean;
      quantity: number | null;
    }[];
    quantity: number | null;
    min_per_order: number;
    max_per_order: number | null;
    sale_start: string | null;
    sale_end: string | null;
    hidden: boolean;
    hide_before_sale_start: boolean;
    hide_after_sale_end: boolean;
    hide_when_sold_out: boolean;
    hidden_unless_promo_code: boolean;
    show_quantity_remaining: boolean;
    collapse_on_load: boolean;
    tax_and_fee_ids: string[];
    sales_paused: boolean;
    state: 'ON_SALE' | 'SOLD_OUT' | 'NOT_ON_SALE' | 'SALE_ENDED' | 'HIDDEN' | 'PAUSED';
    remaining: number | null;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByIdTicketsByTicketIdWaitingListResponse = {
  data: {
    ticket_id: string;
    enabled: boolean;
    offer_hours: number;
  };
};

export type PutEventsByIdTicketsByTicketIdWaitingListBody = {
  enabled: boolean;
  offer_hours?: number;
};

export type PutEventsByIdTicketsByTicketIdWaitingListResponse = {
  data: {
    ticket_id: string;
    enabled: boolean;
    offer_hours: number;
  };
};

export type GetAccountTaxesAndFeesResponse = {
  data: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation_type: 'PERCENTAGE' | 'FIXED';
    rate: number | null;
    amount: number | null;
    is_default: boolean;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostAccountTaxesAndFeesBody = {
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  rate?: number | null;
  amount?: number | null;
  is_default?: boolean;
};

export type PostAccountTaxesAndFeesResponse = {
  data: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation_type: 'PERCENTAGE' | 'FIXED';
    rate: number | null;
    amount: number | null;
    is_default: boolean;
    created_at: string;
    updated_at: string;
  };
};

export type GetAccountTaxesAndFeesByIdResponse = {
  data: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation_type: 'PERCENTAGE' | 'FIXED';
    rate: number | null;
    amount: number | null;
    is_default: boolean;
    created_at: string;
    updated_at: string;
  };
};

export type PutAccountTaxesAndFeesByIdBody = {
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  rate?: number | null;
  amount?: number | null;
  is_default?: boolean;
};

export type PutAccountTaxesAndFeesByIdResponse = {
  data: {
    id: string;
    name: string;
    type: 'TAX' | 'FEE';
    calculation_type: 'PERCENTAGE' | 'FIXED';
    rate: number | null;
    amount: number | null;
    is_default: boolean;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdCapacityAssignmentsResponse = {
  data: {
    id: string;
    event_id: string;
    name: string;
    capacity: number;
    ticket_ids: string[];
    enabled: boolean;
    used_capacity: number;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByEventIdCapacityAssignmentsBody = {
  name: string;
  capacity: number;
  ticket_ids: string[];
  enabled?: boolean;
};

export type PostEventsByEventIdCapacityAssignmentsResponse = {
  data: {
    id: string;
    event_id: string;
    name: string;
    capacity: number;
    ticket_ids: string[];
    enabled: boolean;
    used_capacity: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdCapacityAssignmentsByIdResponse = {
  data: {
    id: string;
    event_id: string;
    name: string;
    capacity: number;
    ticket_ids: string[];
    enabled: boolean;
    used_capacity: number;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdCapacityAssignmentsByIdBody = {
  name?: string;
  capacity?: number;
  ticket_ids?: string[];
  enabled?: boolean;
};

export type PutEventsByEventIdCapacityAssignmentsByIdResponse = {
  data: {
    id: string;
    event_id: string;
    name: string;
    capacity: number;
    ticket_ids: string[];
    enabled: boolean;
    used_capacity: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdPromoCodesResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    discount_type: 'PERCENT' | 'FIXED' | 'NONE';
    discount: number | null;
    expiry_date: string | null;
    max_allowed_usages: number | null;
    times_used: number;
    applicable_ticket_ids: string[];
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByEventIdPromoCodesBody = {
  code: string;
  discount_type: 'PERCENT' | 'FIXED' | 'NONE';
  discount?: number | null;
  expiry_date?: string | null;
  max_allowed_usages?: number | null;
  applicable_ticket_ids?: string[];
};

export type PostEventsByEventIdPromoCodesResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    discount_type: 'PERCENT' | 'FIXED' | 'NONE';
    discount: number | null;
    expiry_date: string | null;
    max_allowed_usages: number | null;
    times_used: number;
    applicable_ticket_ids: string[];
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdPromoCodesByPromoCodeIdResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    discount_type: 'PERCENT' | 'FIXED' | 'NONE';
    discount: number | null;
    expiry_date: string | null;
    max_allowed_usages: number | null;
    times_used: number;
    applicable_ticket_ids: string[];
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdPromoCodesByPromoCodeIdBody = {
  code?: string;
  discount_type?: 'PERCENT' | 'FIXED' | 'NONE';
  discount?: number | null;
  expiry_date?: string | null;
  max_allowed_usages?: number | null;
  applicable_ticket_ids?: string[];
};

export type PutEventsByEventIdPromoCodesByPromoCodeIdResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    discount_type: 'PERCENT' | 'FIXED' | 'NONE';
    discount: number | null;
    expiry_date: string | null;
    max_allowed_usages: number | null;
    times_used: number;
    applicable_ticket_ids: string[];
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdQuestionsResponse = {
  data: {
    id: string;
    title: string;
    description: string | null;
    type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
    options: string[];
    required: boolean;
    hidden: boolean;
    asked_per: 'ORDER' | 'ATTENDEE';
    applicable_ticket_ids: string[];
    is_default: boolean;
  }[];
};

export type PostEventsByEventIdQuestionsBody = {
  title: string;
  description?: string | null;
  type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
  options?: string[];
  required?: boolean;
  hidden?: boolean;
  asked_per?: 'ORDER' | 'ATTENDEE';
  applicable_ticket_ids?: string[];
};

export type PostEventsByEventIdQuestionsResponse = {
  data: {
    id: string;
    title: string;
    description: string | null;
    type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
    options: string[];
    required: boolean;
    hidden: boolean;
    asked_per: 'ORDER' | 'ATTENDEE';
    applicable_ticket_ids: string[];
    is_default: boolean;
  };
};

export type PutEventsByEventIdQuestionsSortBody = {
  question_ids: string[];
};

export type PutEventsByEventIdQuestionsSortResponse = {
  data: {
    id: string;
    title: string;
    description: string | null;
    type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
    options: string[];
    required: boolean;
    hidden: boolean;
    asked_per: 'ORDER' | 'ATTENDEE';
    applicable_ticket_ids: string[];
    is_default: boolean;
  }[];
};

export type GetEventsByEventIdQuestionsByQuestionIdResponse = {
  data: {
    id: string;
    title: string;
    description: string | null;
    type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
    options: string[];
    required: boolean;
    hidden: boolean;
    asked_per: 'ORDER' | 'ATTENDEE';
    applicable_ticket_ids: string[];
    is_default: boolean;
  };
};

export type PutEventsByEventIdQuestionsByQuestionIdBody = {
  title?: string;
  description?: string | null;
  type?: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
  options?: string[];
  required?: boolean;
  hidden?: boolean;
  asked_per?: 'ORDER' | 'ATTENDEE';
  applicable_ticket_ids?: string[];
};

export type PutEventsByEventIdQuestionsByQuestionIdResponse = {
  data: {
    id: string;
    title: string;
    description: string | null;
    type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
    options: string[];
    required: boolean;
    hidden: boolean;
    asked_per: 'ORDER' | 'ATTENDEE';
    applicable_ticket_ids: string[];
    is_default: boolean;
  };
};

export type GetEventsByEventIdAffiliatesResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    name: string;
    email: string | null;
    status: 'ACTIVE' | 'INACTIVE';
    orders_count: number;
    revenue: number;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByEventIdAffiliatesBody = {
  code: string;
  name: string;
  email?: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
};

export type PostEventsByEventIdAffiliatesResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    name: string;
    email: string | null;
    status: 'ACTIVE' | 'INACTIVE';
    orders_count: number;
    revenue: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdAffiliatesByAffiliateIdResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    name: string;
    email: string | null;
    status: 'ACTIVE' | 'INACTIVE';
    orders_count: number;
    revenue: number;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdAffiliatesByAffiliateIdBody = {
  name?: string;
  email?: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
};

export type PutEventsByEventIdAffiliatesByAffiliateIdResponse = {
  data: {
    id: string;
    event_id: string;
    code: string;
    name: string;
    email: string | null;
    status: 'ACTIVE' | 'INACTIVE';
    orders_count: number;
    revenue: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdCheckInListsResponse = {
  data: {
    id: string;
    event_id: string;
    short_id: string;
    name: string;
    description: string | null;
    activates_at: string | null;
    expires_at: string | null;
    ticket_ids: string[];
    status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
    checked_in_attendees: number;
    total_attendees: number;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByEventIdCheckInListsBody = {
  name: string;
  description?: string | null;
  activates_at?: string | null;
  expires_at?: string | null;
  ticket_ids: string[];
};

export type PostEventsByEventIdCheckInListsResponse = {
  data: {
    id: string;
    event_id: string;
    short_id: string;
    name: string;
    description: string | null;
    activates_at: string | null;
    expires_at: string | null;
    ticket_ids: string[];
    status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
    checked_in_attendees: number;
    total_attendees: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdCheckInListsByIdResponse = {
  data: {
    id: string;
    event_id: string;
    short_id: string;
    name: string;
    description: string | null;
    activates_at: string | null;
    expires_at: string | null;
    ticket_ids: string[];
    status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
    checked_in_attendees: number;
    total_attendees: number;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdCheckInListsByIdBody = {
  name?: string;
  description?: string | null;
  activates_at?: string | null;
  expires_at?: string | null;
  ticket_ids?: string[];
};

export type PutEventsByEventIdCheckInListsByIdResponse = {
  data: {
    id: string;
    event_id: string;
    short_id: string;
    name: string;
    description: string | null;
    activates_at: string | null;
    expires_at: string | null;
    ticket_ids: string[];
    status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
    checked_in_attendees: number;
    total_attendees: number;
    created_at: string;
    updated_at: string;
  };
};

export type PostEventsByEventIdCheckInListsByIdRotateLinkResponse = {
  data: {
    id: string;
    event_id: string;
    short_id: string;
    name: string;
    description: string | null;
    activates_at: string | null;
    expires_at: string | null;
    ticket_ids: string[];
    status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
    checked_in_attendees: number;
    total_attendees: number;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdCheckInStatsResponse = {
  data: {
    event_id: string;
    checked_in_attendees: number;
    lists: {
      id: string;
      name: string;
      checked_in_attendees: number;
      total_attendees: number;
    }[];
    tickets: {
      ticket_id: string;
      checked_in_attendees: number;
    }[];
    arrivals_per_minute: {
      minute: string;
      arrivals: number;
    }[];
    scan_issues: {
      kind: 'DUPLICATE_ENTRY' | 'REFUSED_OFFLINE';
      check_in_list_id: string;
      attendee_id: string;
      attendee_name: string | null;
      ticket_id: string;
      device_id: string;
      gate: string | null;
      scanned_at: string;
      recorded_at: string;
      reason: string | null;
      first_checked_in_at: string | null;
      first_device_id: string | null;
      first_gate: string | null;
    }[];
  };
};

export type GetPublicCheckInListsByShortIdResponse = {
  data: {
    list: {
      id: string;
      name: string;
      description: string | null;
      activates_at: string | null;
      expires_at: string | null;
      status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
      ticket_ids: string[];
      checked_in_attendees: number;
      total_attendees: number;
    };
    event: {
      id: string;
      title: string;
      start_date: string | null;
      timezone: string;
      allows_paying_at_check_in: boolean;
    };
  };
};

export type GetPublicCheckInListsByShortIdAttendeesResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    first_name: string;
    last_name: string;
    email: string;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_title: string | null;
    order_reference: string | null;
    check_in: {
      id: string;
      check_in_list_id: string;
      checked_in_at: string;
      device_id: string;
      gate: string | null;
    } | null;
  }[];
};

export type GetPublicCheckInListsByShortIdAttendeesQuery = {
  /** Name, email, order id or reference, ticket reference */
  query?: string;
  /** Exactly this order's attendees on the list, by the reference its buyer sees */
  order_reference?: string;
  limit?: number;
};

export type PostPublicCheckInListsByShortIdCheckInsBody = {
  code?: string;
  attendee_short_id?: string;
  nonce: string;
  device_id: string;
  gate?: string | null;
};

export type PostPublicCheckInListsByShortIdCheckInsResponse = {
  data: {
    result:
      | 'admitted'
      | 'already_checked_in'
      | 'not_on_this_list'
      | 'attendee_cancelled'
      | 'attendee_unpaid'
      | 'list_not_active'
      | 'list_expired'
      | 'ticket_not_found'
      | 'invalid_ticket_code'
      | 'ticket_of_another_event';
    attendee: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      first_name: string;
      last_name: string;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
    } | null;
    check_in: {
      id: string;
      check_in_list_id: string;
      checked_in_at: string;
      device_id: string;
      gate: string | null;
      check_in_list_name: string;
    } | null;
  };
};

export type PostPublicCheckInListsByShortIdPaidCheckInsBody = {
  code?: string;
  attendee_short_id?: string;
  nonce: string;
  device_id: string;
  gate?: string | null;
};

export type PostPublicCheckInListsByShortIdPaidCheckInsResponse = {
  data: {
    result:
      | 'admitted'
      | 'already_checked_in'
      | 'not_on_this_list'
      | 'attendee_cancelled'
      | 'attendee_unpaid'
      | 'list_not_active'
      | 'list_expired'
      | 'ticket_not_found'
      | 'invalid_ticket_code'
      | 'ticket_of_another_event';
    attendee: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      first_name: string;
      last_name: string;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
    } | null;
    check_in: {
      id: string;
      check_in_list_id: string;
      checked_in_at: string;
      device_id: string;
      gate: string | null;
      check_in_list_name: string;
    } | null;
  };
};

export type DeletePublicCheckInListsByShortIdCheckInsByCheckInIdQuery = {
  device_id?: string;
};

export type PostPublicCheckInListsByShortIdOfflineScansBody = {
  scans: {
    code?: string;
    attendee_short_id?: string;
    nonce: string;
    device_id: string;
    gate?: string | null;
    scanned_at: string;
  }[];
};

export type PostPublicCheckInListsByShortIdOfflineScansResponse = {
  data: {
    nonce: string;
    result:
      | 'admitted'
      | 'duplicate_entry'
      | 'not_on_this_list'
      | 'attendee_cancelled'
      | 'attendee_unpaid'
      | 'list_not_active'
      | 'list_expired'
      | 'ticket_not_found'
      | 'invalid_ticket_code'
      | 'ticket_of_another_event';
  }[];
};

export type GetPublicCheckInListsByShortIdSnapshotResponse = {
  data: {
    list: {
      id: string;
      name: string;
      description: string | null;
      activates_at: string | null;
      expires_at: string | null;
      status: 'NOT_YET_ACTIVE' | 'ACTIVE' | 'EXPIRED';
      ticket_ids: string[];
      checked_in_attendees: number;
      total_attendees: number;
    };
    event: {
      id: string;
      title: string;
      start_date: string | null;
      timezone: string;
      allows_paying_at_check_in: boolean;
    };
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      first_name: string;
      last_name: string;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_title: string | null;
      order_reference: string | null;
      check_in: {
        id: string;
        check_in_list_id: string;
        checked_in_at: string;
        device_id: string;
        gate: string | null;
      } | null;
    }[];
    ticket_keys: {
      kid: string;
      kty: 'OKP';
      crv: 'Ed25519';
      x: string;
      alg?: 'EdDSA';
      use?: 'sig';
    }[];
    position: string;
  };
};

export type GetEventsByEventIdMessagesResponse = {
  data: {
    id: string;
    event_id: string;
    subject: string;
    content: string;
    recipients:
      | {
          kind: 'all_attendees';
        }
      | {
          kind: 'ticket_holders';
          ticket_ids: string[];
        }
      | {
          kind: 'attendee';
          attendee_id: string;
        }
      | {
          kind: 'order_buyer';
          order_id: string;
        };
    copy_to_sender: boolean;
    sender_email: string;
    state: 'scheduled' | 'cancelled' | 'sending' | 'sent';
    send_at: string;
    dispatched_at: string | null;
    created_at: string;
    counts: {
      recipients: number | null;
      queued: number;
      sent: number;
      failed: number;
    };
  }[];
};

export type PostEventsByEventIdMessagesBody = {
  subject: string;
  content: string;
  recipients:
    | {
        kind: 'all_attendees';
      }
    | {
        kind: 'ticket_holders';
        ticket_ids: string[];
      }
    | {
        kind: 'attendee';
        attendee_id: string;
      }
    | {
        kind: 'order_buyer';
        order_id: string;
      };
  copy_to_sender?: boolean;
  send_at?: string | null;
  acknowledged_not_promotional: true;
};

export type PostEventsByEventIdMessagesResponse = {
  data: {
    id: string;
    event_id: string;
    subject: string;
    content: string;
    recipients:
      | {
          kind: 'all_attendees';
        }
      | {
          kind: 'ticket_holders';
          ticket_ids: string[];
        }
      | {
          kind: 'attendee';
          attendee_id: string;
        }
      | {
          kind: 'order_buyer';
          order_id: string;
        };
    copy_to_sender: boolean;
    sender_email: string;
    state: 'scheduled' | 'cancelled' | 'sending' | 'sent';
    send_at: string;
    dispatched_at: string | null;
    created_at: string;
    counts: {
      recipients: number | null;
      queued: number;
      sent: number;
      failed: number;
    };
  };
};

export type GetEventsByEventIdMessagesRecipientSearchResponse = {
  data: {
    kind: 'attendee' | 'order_buyer';
    id: string;
    name: string;
    email: string | null;
    reference: string;
    ticket_title: string | null;
  }[];
};

export type GetEventsByEventIdMessagesRecipientSearchQuery = {
  kind: 'attendee' | 'order_buyer';
  query?: string;
};

export type PostEventsByEventIdMessagesTestBody = {
  subject: string;
  content: string;
};

export type PostEventsByEventIdMessagesTestResponse = {
  data: {
    sent_to: string;
  };
};

export type GetEventsByEventIdMessagesByMessageIdResponse = {
  data: {
    id: string;
    event_id: string;
    subject: string;
    content: string;
    recipients:
      | {
          kind: 'all_attendees';
        }
      | {
          kind: 'ticket_holders';
          ticket_ids: string[];
        }
      | {
          kind: 'attendee';
          attendee_id: string;
        }
      | {
          kind: 'order_buyer';
          order_id: string;
        };
    copy_to_sender: boolean;
    sender_email: string;
    state: 'scheduled' | 'cancelled' | 'sending' | 'sent';
    send_at: string;
    dispatched_at: string | null;
    created_at: string;
    counts: {
      recipients: number | null;
      queued: number;
      sent: number;
      failed: number;
    };
  };
};

export type GetEventsByEventIdMessagesByMessageIdRecipientsResponse = {
  data: {
    id: string;
    email: string;
    locale: string;
    state: 'queued' | 'sent' | 'failed';
    attempts: number;
    last_error: string | null;
    sent_at: string | null;
  }[];
};

export type PostEventsByEventIdMessagesByMessageIdCancelResponse = {
  data: {
    id: string;
    event_id: string;
    subject: string;
    content: string;
    recipients:
      | {
          kind: 'all_attendees';
        }
      | {
          kind: 'ticket_holders';
          ticket_ids: string[];
        }
      | {
          kind: 'attendee';
          attendee_id: string;
        }
      | {
          kind: 'order_buyer';
          order_id: string;
        };
    copy_to_sender: boolean;
    sender_email: string;
    state: 'scheduled' | 'cancelled' | 'sending' | 'sent';
    send_at: string;
    dispatched_at: string | null;
    created_at: string;
    counts: {
      recipients: number | null;
      queued: number;
      sent: number;
      failed: number;
    };
  };
};

export type GetEventsByEventIdEmailTemplatesResponse = {
  data: {
    kind: 'order_confirmation' | 'order_ticket';
    is_custom: boolean;
    subject: string | null;
    body: string | null;
    placeholders: string[];
  }[];
};

export type PutEventsByEventIdEmailTemplatesByKindBody = {
  subject: string;
  body: string;
};

export type PutEventsByEventIdEmailTemplatesByKindResponse = {
  data: {
    kind: 'order_confirmation' | 'order_ticket';
    is_custom: boolean;
    subject: string | null;
    body: string | null;
    placeholders: string[];
  };
};

export type DeleteEventsByEventIdEmailTemplatesByKindResponse = {
  data: {
    kind: 'order_confirmation' | 'order_ticket';
    is_custom: boolean;
    subject: string | null;
    body: string | null;
    placeholders: string[];
  };
};

export type PostEventsByEventIdEmailTemplatesByKindPreviewBody = {
  subject: string;
  body: string;
};

export type PostEventsByEventIdEmailTemplatesByKindPreviewResponse = {
  data: {
    subject: string;
    html: string;
    text: string;
  };
};

export type GetEventsByEventIdWebhooksResponse = {
  data: {
    id: string;
    event_id: string;
    url: string;
    event_types: (
      | 'order.created'
      | 'order.paid'
      | 'order.cancelled'
      | 'order.refunded'
      | 'attendee.created'
      | 'attendee.checked_in'
    )[];
    secret: string;
    status: 'ENABLED' | 'DISABLED';
    disabled_reason: 'member' | 'gone' | null;
    created_at: string;
    updated_at: string;
  }[];
};

export type PostEventsByEventIdWebhooksBody = {
  url: string;
  event_types: (
    | 'order.created'
    | 'order.paid'
    | 'order.cancelled'
    | 'order.refunded'
    | 'attendee.created'
    | 'attendee.checked_in'
  )[];
};

export type PostEventsByEventIdWebhooksResponse = {
  data: {
    id: string;
    event_id: string;
    url: string;
    event_types: (
      | 'order.created'
      | 'order.paid'
      | 'order.cancelled'
      | 'order.refunded'
      | 'attendee.created'
      | 'attendee.checked_in'
    )[];
    secret: string;
    status: 'ENABLED' | 'DISABLED';
    disabled_reason: 'member' | 'gone' | null;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdWebhooksByWebhookIdResponse = {
  data: {
    id: string;
    event_id: string;
    url: string;
    event_types: (
      | 'order.created'
      | 'order.paid'
      | 'order.cancelled'
      | 'order.refunded'
      | 'attendee.created'
      | 'attendee.checked_in'
    )[];
    secret: string;
    status: 'ENABLED' | 'DISABLED';
    disabled_reason: 'member' | 'gone' | null;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdWebhooksByWebhookIdBody = {
  url?: string;
  event_types?: (
    | 'order.created'
    | 'order.paid'
    | 'order.cancelled'
    | 'order.refunded'
    | 'attendee.created'
    | 'attendee.checked_in'
  )[];
};

export type PutEventsByEventIdWebhooksByWebhookIdResponse = {
  data: {
    id: string;
    event_id: string;
    url: string;
    event_types: (
      | 'order.created'
      | 'order.paid'
      | 'order.cancelled'
      | 'order.refunded'
      | 'attendee.created'
      | 'attendee.checked_in'
    )[];
    secret: string;
    status: 'ENABLED' | 'DISABLED';
    disabled_reason: 'member' | 'gone' | null;
    created_at: string;
    updated_at: string;
  };
};

export type PutEventsByEventIdWebhooksByWebhookIdStatusBody = {
  status: 'ENABLED' | 'DISABLED';
};

export type PutEventsByEventIdWebhooksByWebhookIdStatusResponse = {
  data: {
    id: string;
    event_id: string;
    url: string;
    event_types: (
      | 'order.created'
      | 'order.paid'
      | 'order.cancelled'
      | 'order.refunded'
      | 'attendee.created'
      | 'attendee.checked_in'
    )[];
    secret: string;
    status: 'ENABLED' | 'DISABLED';
    disabled_reason: 'member' | 'gone' | null;
    created_at: string;
    updated_at: string;
  };
};

export type GetEventsByEventIdWebhooksByWebhookIdDeliveriesResponse = {
  data: {
    id: string;
    type: string;
    status: string;
    attempts: {
      attempt: number;
      at: string;
      status_code: number | null;
      error: string | null;
      duration_ms: number;
    }[];
    last_status_code: number | null;
    last_error: string | null;
    next_attempt_at: string | null;
    delivered_at: string | null;
    created_at: string;
  }[];
};

export type GetPublicEventsResponse = {
  data: {
    id: string;
    organizer_id: string | null;
    title: string;
    slug: string;
    description: string | null;
    description_html: string | null;
    start_date: string;
    end_date: string | null;
    timezone: string;
    currency: string;
    status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
    lifecycle: 'upcoming' | 'ongoing' | 'ended';
    is_online: boolean;
    location: {
      venue_name: string | null;
      address_line_1: string | null;
      address_line_2: string | null;
      city: string | null;
      state_or_region: string | null;
      zip_or_postal_code: string | null;
      country: string | null;
    } | null;
    created_at: string;
    updated_at: string;
    published_at: string | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetPublicEventsQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of title, start_date, created_at, updated_at (start_date) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][ne]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[lifecycle][eq]'?: string;
  'filter_fields[lifecycle][in]'?: string;
  'filter_fields[organizer_id][eq]'?: string;
  'filter_fields[start_date][gte]'?: string;
  'filter_fields[start_date][lte]'?: string;
  'filter_fields[start_date][gt]'?: string;
  'filter_fields[start_date][lt]'?: string;
  'filter_fields[title][eq]'?: string;
  'filter_fields[title][like]'?: string;
};

export type GetPublicEventsByIdResponse = {
  data: {
    id: string;
    organizer_id: string | null;
    title: string;
    slug: string;
    description: string | null;
    description_html: string | null;
    start_date: string;
    end_date: string | null;
    timezone: string;
    currency: string;
    status: 'DRAFT' | 'LIVE' | 'ARCHIVED';
    lifecycle: 'upcoming' | 'ongoing' | 'ended';
    is_online: boolean;
    location: {
      venue_name: string | null;
      address_line_1: string | null;
      address_line_2: string | null;
      city: string | null;
      state_or_region: string | null;
      zip_or_postal_code: string | null;
      country: string | null;
    } | null;
    created_at: string;
    updated_at: string;
    published_at: string | null;
    map_url: string | null;
    images: {
      id: string;
      type: string;
      url: string;
      content_type: string;
      size: number;
      width: number;
      height: number;
      uploaded_at: string;
    }[];
    cover_image_url: string | null;
    organizer: {
      id: string;
      name: string;
      email: string | null;
      website: string | null;
      description: string | null;
      description_html: string | null;
      logo_url: string | null;
      cover_url: string | null;
    } | null;
    settings: {
      support_email: string | null;
      seo_title: string | null;
      seo_description: string | null;
      seo_keywords: string | null;
      allow_search_engine_indexing: boolean;
      price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
      show_available_quantity: boolean;
      pre_checkout_message: string | null;
      post_checkout_message: string | null;
      continue_button_text: string | null;
      homepage_background_type: 'COLOR' | 'COVER_IMAGE';
      homepage_background_color: string;
      homepage_content_background_color: string;
      homepage_primary_color: string;
      homepage_secondary_color: string;
      homepage_text_color: string;
      homepage_button_color: string;
      homepage_link_color: string;
      widget_background_color: string;
      widget_text_color: string;
    };
    tickets: {
      id: string;
      type: 'PAID' | 'FREE' | 'DONATION' | 'TIERED';
      title: string;
      description: string | null;
      state:
        | 'ON_SALE'
        | 'SOLD_OUT'
        | 'NOT_ON_SALE'
        | 'SALE_ENDED'
        | 'HIDDEN'
        | 'PAUSED'
        | 'PAYMENT_SETUP_INCOMPLETE';
      min_per_order: number;
      max_per_order: number | null;
      sale_start: string | null;
      sale_end: string | null;
      collapse_on_load: boolean;
      minimum_price: number | null;
      price_display_mode: 'INCLUSIVE' | 'EXCLUSIVE';
      prices: {
        tier_id: string | null;
        label: string | null;
        amount: number;
        amount_before_discount: number;
        promo_applied: boolean;
        net: number;
        taxes: {
          name: string;
          amount: number;
        }[];
        fees: {
          name: string;
          amount: number;
        }[];
        total: number;
        remaining: number | null;
        sold_out: boolean;
      }[];
      remaining: number | null;
      waiting_list: boolean;
    }[];
    payment_setup_incomplete: boolean;
  };
};

export type GetPublicEventsByIdQuery = {
  promo_code?: string;
};

export type GetPublicEventsByIdPromoCodesByCodeResponse = {
  valid: boolean;
};

export type PostPublicEventsByIdPageViewsBody = {
  visit?: string;
};

export type PostPublicEventsByIdPageViewsResponse = {
  counted: boolean;
};

export type GetEventsByEventIdOrdersResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetEventsByEventIdOrdersQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of created_at, total, reference, last_name (created_at) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][ne]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[payment_method][eq]'?: string;
  'filter_fields[payment_method][in]'?: string;
  'filter_fields[affiliate_code][eq]'?: string;
  'filter_fields[promo_code_id][eq]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
  'filter_fields[created_at][gte]'?: string;
  'filter_fields[created_at][gt]'?: string;
  'filter_fields[created_at][lte]'?: string;
  'filter_fields[created_at][lt]'?: string;
};

export type GetEventsByEventIdOrdersByOrderIdResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type GetEventsByEventIdOrdersByOrderIdHistoryResponse = {
  data: {
    entries: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored'
        | 'HoldPlaced'
        | 'HoldClientNoted'
        | 'HoldExtended'
        | 'HoldReleased'
        | 'HoldConverted'
        | 'StockReturned'
        | 'AttendeeCheckedIn'
        | 'AttendeeCheckedOut'
        | 'DuplicateEntryRecorded'
        | 'OfflineScanRefused'
        | 'MessageScheduled'
        | 'MessageDispatched'
        | 'MessageCancelled'
        | 'StripeEventReceived'
        | 'MailSent'
        | 'MailPending'
        | 'MailFailed'
        | 'WebhookDelivered'
        | 'WebhookPending'
        | 'WebhookFailed';
      position: string;
      at: string;
      stream: string | null;
      revision: string | null;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      ip: string | null;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
      check_in_list: string | null;
      device: string | null;
      mail_template: string | null;
      stripe_type: string | null;
      raw: {
        id: string;
        type: string;
        stream: string;
        revision: string;
        position: string;
        recorded_at: string;
        data: unknown;
        metadata: unknown;
      } | null;
      mail: {
        id: string;
        template: string;
        status: 'pending' | 'sending' | 'sent' | 'failed';
        event_position: string;
        created_at: string;
        sent_at: string | null;
        attempts: number;
      } | null;
      webhook: {
        id: string;
        type: string;
        url: string | null;
        status: 'pending' | 'delivered' | 'failed';
        attempts: number;
        last_status_code: number | null;
        event_position: string;
        created_at: string;
        delivered_at: string | null;
      } | null;
    }[];
  };
};

export type GetEventsByEventIdOrdersByOrderIdAsOfResponse = {
  data: {
    position: string | null;
    at: string;
    state: {
      status:
        | 'AWAITING_DETAILS'
        | 'RESERVED'
        | 'AWAITING_PAYMENT'
        | 'COMPLETED'
        | 'CANCELLED'
        | 'EXPIRED'
        | 'ABANDONED'
        | 'PAYMENT_FAILED'
        | 'REFUND_PENDING'
        | 'REFUNDED'
        | 'PARTIALLY_REFUNDED'
        | 'REFUND_FAILED';
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
      currency: string;
      reference: string;
      placed_at: string;
      expires_at: string;
      buyer: {
        first_name: string;
        last_name: string;
        email: string;
      } | null;
      lines: {
        ticket_id: string;
        tier_id: string | null;
        ticket_title: string;
        tier_label: string | null;
        quantity: number;
        price: number;
        discount: number;
      }[];
      promo_code: string | null;
      discount_total: number;
      subtotal: number;
      fee_total: number;
      tax_total: number;
      total: number;
      taxes: {
        name: string;
        amount: number;
      }[];
      fees: {
        name: string;
        amount: number;
      }[];
      paid: number;
      refunded: number;
      remaining: number;
      payment_attempts: number;
      payment_failures: number;
      refunds: {
        refund_id: string;
        amount: number;
        status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
      }[];
      attendees: {
        id: string;
        ticket_id: string;
        first_name: string | null;
        last_name: string | null;
        status: 'ACTIVE' | 'CANCELLED';
        payment: 'PAID' | 'UNPAID' | 'PENDING';
        check_ins: {
          check_in_list_id: string;
          check_in_list: string | null;
          state: 'checked_in' | 'checked_out';
          at: string;
        }[];
      }[];
    } | null;
  };
};

export type GetEventsByEventIdOrdersByOrderIdAsOfQuery = {
  at?: string;
  position?: string;
};

export type PostEventsByEventIdOrdersByOrderIdMarkPaidResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type PostEventsByEventIdOrdersByOrderIdCancelResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type PostEventsByEventIdOrdersByOrderIdRefundsBody = {
  amount: number;
  cancel_order?: boolean;
  notify_buyer?: boolean;
  refund_id?: string;
};

export type PostEventsByEventIdOrdersByOrderIdRefundsResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type PutEventsByEventIdOrdersByOrderIdBuyerBody = {
  first_name: string;
  last_name: string;
  email: string;
};

export type PutEventsByEventIdOrdersByOrderIdBuyerResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type PostEventsByEventIdOrdersByOrderIdResendConfirmationResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type PostEventsByEventIdOrdersByOrderIdErasePersonalDataResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    origin: 'ONLINE' | 'MANUAL';
    refunded_total: number;
    remaining_total: number;
    pending_refund_total: number;
    payment_intent_id: string | null;
    payment_amount_mismatch: boolean;
    amount_paid: number | null;
    refundable: boolean;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    history: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      actor: {
        kind: 'member' | 'buyer' | 'door' | 'stripe' | 'system';
        name: string | null;
      };
      position: string;
      amount: number | null;
      currency: string | null;
      attendee_name: string | null;
      payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    }[];
    money_trail: {
      type:
        | 'OrderPlaced'
        | 'OrderHoldExtended'
        | 'OrderDetailsSubmitted'
        | 'OrderCompleted'
        | 'OrderAwaitingOfflinePayment'
        | 'OrderMarkedPaid'
        | 'OrderExpired'
        | 'OrderAbandoned'
        | 'OrderCancelled'
        | 'AttendeeCancelled'
        | 'AttendeeReactivated'
        | 'OrderBuyerDetailsChanged'
        | 'AttendeeDetailsChanged'
        | 'ManualOrderRecorded'
        | 'OrderConfirmationResent'
        | 'AttendeeTicketResent'
        | 'OrderPersonalDataErased'
        | 'OrderCompanyInvoiceRequested'
        | 'PaymentIntentCreated'
        | 'OrderPaymentReceived'
        | 'PaymentAmountMismatch'
        | 'OrderPaymentFailed'
        | 'OrderRefundRequested'
        | 'OrderRefundSubmitted'
        | 'OrderRefunded'
        | 'OrderRefundFailed'
        | 'OrderRefundRecorded'
        | 'PlatformFeeCharged'
        | 'ForeignStripeEventIgnored';
      at: string;
      amount: number | null;
      currency: string | null;
      payment_intent_id: string | null;
      charge_id: string | null;
      refund_id: string | null;
      stripe_refund_id: string | null;
      status: string | null;
    }[];
  };
};

export type GetEventsByEventIdOrdersExportQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of created_at, total, reference, last_name (created_at) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][ne]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[payment_method][eq]'?: string;
  'filter_fields[payment_method][in]'?: string;
  'filter_fields[affiliate_code][eq]'?: string;
  'filter_fields[promo_code_id][eq]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
  'filter_fields[created_at][gte]'?: string;
  'filter_fields[created_at][gt]'?: string;
  'filter_fields[created_at][lte]'?: string;
  'filter_fields[created_at][lt]'?: string;
  /** csv (the default) or xlsx */
  format?: string;
};

export type GetEventsByEventIdAttendeesResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetEventsByEventIdAttendeesQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of created_at, last_name, first_name, email (created_at) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[payment][eq]'?: string;
  'filter_fields[payment][in]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
  'filter_fields[order_id][eq]'?: string;
  'filter_fields[created_at][gte]'?: string;
  'filter_fields[created_at][gt]'?: string;
  'filter_fields[created_at][lte]'?: string;
  'filter_fields[created_at][lt]'?: string;
};

export type PostEventsByEventIdAttendeesBody = {
  ticket_id: string;
  tier_id?: string;
  first_name: string;
  last_name: string;
  email: string;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  answers?: {
    [key: string]:
      | string
      | string[]
      | {
          address_line_1: string;
          address_line_2?: string | null;
          city: string;
          state_or_region?: string | null;
          zip_or_postal_code: string;
          country: string;
        }
      | null;
  };
  amount_paid: number;
  send_ticket?: boolean;
};

export type PostEventsByEventIdAttendeesResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type GetEventsByEventIdAttendeesExportQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of created_at, last_name, first_name, email (created_at) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[payment][eq]'?: string;
  'filter_fields[payment][in]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
  'filter_fields[order_id][eq]'?: string;
  'filter_fields[created_at][gte]'?: string;
  'filter_fields[created_at][gt]'?: string;
  'filter_fields[created_at][lte]'?: string;
  'filter_fields[created_at][lt]'?: string;
  /** csv (the default) or xlsx */
  format?: string;
};

export type GetEventsByEventIdAttendeesByAttendeeIdResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type PutEventsByEventIdAttendeesByAttendeeIdBody = {
  first_name: string;
  last_name: string;
  email: string;
  locale: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  answers?: {
    [key: string]:
      | string
      | string[]
      | {
          address_line_1: string;
          address_line_2?: string | null;
          city: string;
          state_or_region?: string | null;
          zip_or_postal_code: string;
          country: string;
        }
      | null;
  };
};

export type PutEventsByEventIdAttendeesByAttendeeIdResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type PostEventsByEventIdAttendeesByAttendeeIdCancelResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type PostEventsByEventIdAttendeesByAttendeeIdReactivateResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type PostEventsByEventIdAttendeesByAttendeeIdResendTicketResponse = {
  data: {
    id: string;
    short_id: string;
    order_id: string;
    ticket_id: string;
    tier_id: string | null;
    ticket_title: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    status: 'ACTIVE' | 'CANCELLED';
    payment: 'PAID' | 'UNPAID' | 'PENDING';
    ticket_code: string | null;
    order_reference: string | null;
    locale: string;
    answers: {
      [key: string]: unknown;
    };
    answered_questions: {
      question_id: string;
      question: string | null;
      answer: string;
    }[];
    checked_in_at: string | null;
  };
};

export type GetEventsByEventIdInvoicesResponse = {
  data: {
    id: string;
    number: string;
    kind: 'INVOICE' | 'CREDIT_NOTE';
    event_id: string;
    order_id: string;
    buyer_company: string | null;
    buyer_name: string | null;
    buyer_country: string | null;
    buyer_vat_id: string | null;
    currency: string;
    net: number;
    tax: number;
    gross: number;
    cancels_number: string | null;
    issued_at: string;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetEventsByEventIdInvoicesQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of number, issued_at, gross (number) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[kind][eq]'?: string;
  'filter_fields[kind][in]'?: string;
  'filter_fields[order_id][eq]'?: string;
  'filter_fields[issued_at][gte]'?: string;
  'filter_fields[issued_at][gt]'?: string;
  'filter_fields[issued_at][lte]'?: string;
  'filter_fields[issued_at][lt]'?: string;
};

export type GetEventsByEventIdInvoicesExportQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of number, issued_at, gross (number) */
  sort_by?: string;
  /** asc or desc (desc) */
  sort_direction?: string;
  'filter_fields[kind][eq]'?: string;
  'filter_fields[kind][in]'?: string;
  'filter_fields[order_id][eq]'?: string;
  'filter_fields[issued_at][gte]'?: string;
  'filter_fields[issued_at][gt]'?: string;
  'filter_fields[issued_at][lte]'?: string;
  'filter_fields[issued_at][lt]'?: string;
  /** csv (the default) or xlsx */
  format?: string;
};

export type GetAccountInvoiceSettingsResponse = {
  data: {
    prefix: string;
    seller_company: string | null;
    seller_address: string | null;
    seller_country: string | null;
    seller_vat_id: string | null;
    next_number: string;
  };
};

export type PutAccountInvoiceSettingsBody = {
  prefix: string;
  seller_company: string | null;
  seller_address: string | null;
  seller_country: string | null;
  seller_vat_id: string | null;
};

export type PutAccountInvoiceSettingsResponse = {
  data: {
    prefix: string;
    seller_company: string | null;
    seller_address: string | null;
    seller_country: string | null;
    seller_vat_id: string | null;
    next_number: string;
  };
};

export type GetEventsByEventIdWaitingListResponse = {
  data: {
    id: string;
    event_id: string;
    ticket_id: string;
    tier_id: string | null;
    position: number | null;
    quantity: number;
    name: string;
    email: string;
    locale: string;
    status: 'WAITING' | 'OFFERED' | 'CONVERTED' | 'EXPIRED' | 'REMOVED';
    joined_at: string;
    offered_at: string | null;
    offer_expires_at: string | null;
    expired_at: string | null;
    converted_at: string | null;
    order_id: string | null;
    removed_at: string | null;
    removed_by: 'ORGANIZER' | 'BUYER' | null;
  }[];
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
    allowed_sorts: string[];
    allowed_filter_fields: string[];
    default_sort: string;
    default_sort_direction: 'asc' | 'desc';
  };
};

export type GetEventsByEventIdWaitingListQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of joined_at, quantity, status (joined_at) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
};

export type GetEventsByEventIdWaitingListExportQuery = {
  /** Page number, from 1 */
  page?: string;
  /** Rows per page, at most 100 (20) */
  per_page?: string;
  /** Search text */
  query?: string;
  /** One of joined_at, quantity, status (joined_at) */
  sort_by?: string;
  /** asc or desc (asc) */
  sort_direction?: string;
  'filter_fields[status][eq]'?: string;
  'filter_fields[status][in]'?: string;
  'filter_fields[ticket_id][eq]'?: string;
  'filter_fields[ticket_id][in]'?: string;
  /** csv (the default) or xlsx */
  format?: string;
};

export type PostPublicEventsByEventIdOrdersBody = {
  lines: {
    ticket_id: string;
    tier_id?: string;
    quantity: number;
    amount?: number;
  }[];
  promo_code?: string;
  affiliate_code?: string;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  order_id?: string;
  replaces_order_id?: string;
};

export type PostPublicEventsByEventIdOrdersResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    reservation_ends_at: string | null;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    questions: {
      id: string;
      title: string;
      description: string | null;
      type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
      options: string[];
      required: boolean;
      hidden: boolean;
      asked_per: 'ORDER' | 'ATTENDEE';
      applicable_ticket_ids: string[];
      is_default: boolean;
    }[];
    payment_methods: ('FREE' | 'OFFLINE' | 'CARD')[];
    card_payment: {
      publishable_key: string;
      stripe_account: string | null;
    } | null;
    payment_failure: string | null;
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    invoices_enabled: boolean;
    invoice_number: string | null;
    credit_note_number: string | null;
  };
};

export type GetPublicEventsByEventIdOrdersByOrderShortIdResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    reservation_ends_at: string | null;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    questions: {
      id: string;
      title: string;
      description: string | null;
      type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
      options: string[];
      required: boolean;
      hidden: boolean;
      asked_per: 'ORDER' | 'ATTENDEE';
      applicable_ticket_ids: string[];
      is_default: boolean;
    }[];
    payment_methods: ('FREE' | 'OFFLINE' | 'CARD')[];
    card_payment: {
      publishable_key: string;
      stripe_account: string | null;
    } | null;
    payment_failure: string | null;
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    invoices_enabled: boolean;
    invoice_number: string | null;
    credit_note_number: string | null;
  };
};

export type PutPublicEventsByEventIdOrdersByOrderShortIdDetailsBody = {
  first_name: string;
  last_name: string;
  email: string;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
  answers?: {
    [key: string]:
      | string
      | string[]
      | {
          address_line_1: string;
          address_line_2?: string | null;
          city: string;
          state_or_region?: string | null;
          zip_or_postal_code: string;
          country: string;
        }
      | null;
  };
  attendees: {
    first_name: string;
    last_name: string;
    email: string;
    answers?: {
      [key: string]:
        | string
        | string[]
        | {
            address_line_1: string;
            address_line_2?: string | null;
            city: string;
            state_or_region?: string | null;
            zip_or_postal_code: string;
            country: string;
          }
        | null;
    };
  }[];
  terms_agreed: boolean;
  company?: string | null;
  company_address?: string | null;
  company_country?: string | null;
  vat_id?: string | null;
};

export type PutPublicEventsByEventIdOrdersByOrderShortIdDetailsResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    reservation_ends_at: string | null;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    questions: {
      id: string;
      title: string;
      description: string | null;
      type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
      options: string[];
      required: boolean;
      hidden: boolean;
      asked_per: 'ORDER' | 'ATTENDEE';
      applicable_ticket_ids: string[];
      is_default: boolean;
    }[];
    payment_methods: ('FREE' | 'OFFLINE' | 'CARD')[];
    card_payment: {
      publishable_key: string;
      stripe_account: string | null;
    } | null;
    payment_failure: string | null;
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    invoices_enabled: boolean;
    invoice_number: string | null;
    credit_note_number: string | null;
  };
};

export type PostPublicEventsByEventIdOrdersByOrderShortIdExtendResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    reservation_ends_at: string | null;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    questions: {
      id: string;
      title: string;
      description: string | null;
      type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
      options: string[];
      required: boolean;
      hidden: boolean;
      asked_per: 'ORDER' | 'ATTENDEE';
      applicable_ticket_ids: string[];
      is_default: boolean;
    }[];
    payment_methods: ('FREE' | 'OFFLINE' | 'CARD')[];
    card_payment: {
      publishable_key: string;
      stripe_account: string | null;
    } | null;
    payment_failure: string | null;
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    invoices_enabled: boolean;
    invoice_number: string | null;
    credit_note_number: string | null;
  };
};

export type PostPublicEventsByEventIdOrdersByOrderShortIdCompleteBody = {
  payment_method: 'FREE' | 'OFFLINE' | 'CARD';
};

export type PostPublicEventsByEventIdOrdersByOrderShortIdCompleteResponse = {
  data: {
    id: string;
    short_id: string;
    reference: string;
    event_id: string;
    status:
      | 'AWAITING_DETAILS'
      | 'RESERVED'
      | 'AWAITING_PAYMENT'
      | 'COMPLETED'
      | 'CANCELLED'
      | 'EXPIRED'
      | 'ABANDONED'
      | 'PAYMENT_FAILED'
      | 'REFUND_PENDING'
      | 'REFUNDED'
      | 'PARTIALLY_REFUNDED'
      | 'REFUND_FAILED';
    locale: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    currency: string;
    subtotal: number;
    discount_total: number;
    fee_total: number;
    tax_total: number;
    total: number;
    taxes: {
      name: string;
      amount: number;
    }[];
    fees: {
      name: string;
      amount: number;
    }[];
    promo_code: string | null;
    affiliate_code: string | null;
    payment_method: 'FREE' | 'OFFLINE' | 'CARD' | null;
    expires_at: string;
    created_at: string;
    completed_at: string | null;
    reservation_ends_at: string | null;
    lines: {
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string;
      tier_label: string | null;
      quantity: number;
      unit_price: number;
      price: number;
      discount: number;
      fee_total: number;
      tax_total: number;
      total: number;
    }[];
    attendees: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    }[];
    questions: {
      id: string;
      title: string;
      description: string | null;
      type: 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'CHECKBOX' | 'RADIO' | 'DROPDOWN' | 'DATE' | 'ADDRESS';
      options: string[];
      required: boolean;
      hidden: boolean;
      asked_per: 'ORDER' | 'ATTENDEE';
      applicable_ticket_ids: string[];
      is_default: boolean;
    }[];
    payment_methods: ('FREE' | 'OFFLINE' | 'CARD')[];
    card_payment: {
      publishable_key: string;
      stripe_account: string | null;
    } | null;
    payment_failure: string | null;
    offline_payment_instructions: string | null;
    post_checkout_message: string | null;
    invoices_enabled: boolean;
    invoice_number: string | null;
    credit_note_number: string | null;
  };
};

export type PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentBody = Record<string, never>;

export type PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentResponse = {
  data: {
    payment_intent_id: string;
    client_secret: string;
    publishable_key: string;
    stripe_account: string | null;
    amount: number;
    currency: string;
    status: string;
    test_page_url: string | null;
  };
};

export type GetPublicEventsByEventIdAttendeesByAttendeeShortIdResponse = {
  data: {
    attendee: {
      id: string;
      short_id: string;
      order_id: string;
      ticket_id: string;
      tier_id: string | null;
      ticket_title: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      status: 'ACTIVE' | 'CANCELLED';
      payment: 'PAID' | 'UNPAID' | 'PENDING';
      ticket_code: string | null;
    };
    order: {
      short_id: string;
      reference: string;
      status:
        | 'AWAITING_DETAILS'
        | 'RESERVED'
        | 'AWAITING_PAYMENT'
        | 'COMPLETED'
        | 'CANCELLED'
        | 'EXPIRED'
        | 'ABANDONED'
        | 'PAYMENT_FAILED'
        | 'REFUND_PENDING'
        | 'REFUNDED'
        | 'PARTIALLY_REFUNDED'
        | 'REFUND_FAILED';
    };
    event: {
      id: string;
      title: string;
      start_date: string;
      end_date: string | null;
      timezone: string;
    };
    state: 'VALID' | 'CANCELLED' | 'UNPAID' | 'PENDING';
  };
};

export type GetPublicTicketKeysResponse = {
  keys: {
    kid: string;
    kty: 'OKP';
    crv: 'Ed25519';
    x: string;
    alg?: 'EdDSA';
    use?: 'sig';
  }[];
};

export type PostPublicEventsByEventIdWaitingRoomBody = {
  token?: string | null;
};

export type PostPublicEventsByEventIdWaitingRoomResponse = {
  data: {
    token: string;
    number: number;
    position: number;
    ahead: number;
    estimated_wait_seconds: number;
    admitted: boolean;
    admission_expires_at: string | null;
    sold_out: boolean;
  };
};

export type GetPublicEventsByEventIdWaitingRoomResponse = {
  data: {
    enabled: boolean;
    sold_out: boolean;
    place: {
      number: number;
      position: number;
      ahead: number;
      estimated_wait_seconds: number;
      admitted: boolean;
      admission_expires_at: string | null;
    } | null;
  };
};

export type GetPublicEventsByEventIdWaitingRoomQuery = {
  token?: string;
};

export type PostPublicEventsByEventIdTicketsByTicketIdWaitingListBody = {
  name: string;
  email: string;
  quantity: number;
  tier_id?: string | null;
  locale?: 'en' | 'de' | 'fr' | 'es' | 'pt' | 'pt-br' | 'zh-cn';
};

export type PostPublicEventsByEventIdTicketsByTicketIdWaitingListResponse = {
  data: {
    entry_id: string;
    status: 'WAITING';
  };
};

export type PostPublicWaitingOffersByEntryIdClaimBody = {
  token: string;
};

export type PostPublicWaitingOffersByEntryIdClaimResponse = {
  data: {
    entry_id: string;
    event_id: string;
    order_id: string;
    order_short_id: string;
    expires_at: string;
  };
};

export type PostEventsByEventIdWaitingListByEntryIdOfferResponse = {
  data: {
    entry_id: string;
    status: 'OFFERED';
    expires_at: string;
  };
};

export type GetPublicWalletsResponse = {
  data: {
    apple: boolean;
    google: boolean;
  };
};

export type GetPublicEventsByEventIdAttendeesByAttendeeShortIdGoogleWalletResponse = {
  data: {
    url: string;
  };
};

export type GetAccountPaymentResponse = {
  data: {
    card_payments: boolean;
    mode: 'connect' | 'direct' | null;
    status: 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED';
    stripe_account_id: string | null;
    charges_enabled: boolean;
    details_submitted: boolean;
    publishable_key: string | null;
    application_fee: {
      fixed: number;
      percent: number;
    } | null;
  };
};

export type PostAccountPaymentConnectBody = Record<string, never>;

export type PostAccountPaymentConnectResponse = {
  data: {
    url: string;
    stripe_account_id: string;
  };
};

export type GetAccountBillingResponse = {
  data: {
    application_fee: {
      fixed: number;
      percent: number;
    } | null;
    months: {
      month: string;
      currency: string;
      orders: number;
      order_total: number;
      fees: number;
    }[];
    fees: {
      order_id: string;
      order_short_id: string;
      event_id: string;
      payment_intent_id: string;
      currency: string;
      order_total: number;
      fee: number;
      charged_at: string;
    }[];
  };
};

export type PostPublicWebhooksStripeBody = {
  id: string;
  type: string;
  data: {
    object: {
      [key: string]: unknown;
    };
  };
  [key: string]: unknown;
};

export type PostPublicWebhooksStripeResponse = {
  received: true;
  duplicate: boolean;
};

export type GetEventsByEventIdStatsResponse = {
  data: {
    event_id: string;
    currency: string;
    timezone: string;
    position: string;
    totals: {
      orders: number;
      tickets_sold: number;
      gross: number;
      discounts: number;
      taxes: number;
      fees: number;
      refunds: number;
      awaiting_payment: number;
      check_ins: number;
      net: number;
      checked_in: number;
      page_views: number;
      conversion: number | null;
    };
    range: {
      range: '24h' | '7d' | '30d' | '90d' | 'all';
      granularity: 'minute' | 'hour' | 'day';
      from: string;
      to: string;
    };
    series: {
      bucket: string;
      orders: number;
      tickets_sold: number;
      gross: number;
      net: number;
      taxes: number;
      fees: number;
      discounts: number;
      refunds: number;
      check_ins: number;
      page_views: number;
    }[];
    tickets: {
      ticket_id: string;
      title: string;
      orders: number;
      tickets_sold: number;
      gross: number;
      discounts: number;
      taxes: number;
      fees: number;
      refunds: number;
      awaiting_payment: number;
      check_ins: number;
      net: number;
    }[];
    promo_codes: {
      code: string;
      orders: number;
      tickets_sold: number;
      discounts: number;
      gross: number;
    }[];
    check_ins: {
      day: string;
      per_minute: {
        minute: string;
        check_ins: number;
      }[];
    };
  };
};

export type GetEventsByEventIdStatsQuery = {
  range?: '24h' | '7d' | '30d' | '90d' | 'all';
  granularity?: 'minute' | 'hour' | 'day';
};

export type GetEventsByEventIdReportsByReportResponse = {
  data: {
    report:
      'sales_by_ticket' | 'sales_by_day' | 'promo_codes' | 'affiliates' | 'taxes_and_fees' | 'check_ins';
    currency: string;
    timezone: string;
    from: string | null;
    to: string | null;
    position: string;
    columns: {
      key: string;
      kind: 'text' | 'count' | 'money' | 'date';
    }[];
    rows: {
      [key: string]: string | number | null;
    }[];
  };
};

export type GetEventsByEventIdReportsByReportQuery = {
  from?: string;
  to?: string;
  format?: 'json' | 'csv' | 'xlsx';
};

export type GetStatsOverviewResponse = {
  data: {
    position: string;
    upcoming: {
      event_id: string;
      title: string;
      start_date: string;
      timezone: string;
      currency: string;
      status: string;
      orders: number;
      tickets_sold: number;
      gross: number;
      page_views: number;
    }[];
  };
};

export type GetStatsAccountResponse = {
  data: {
    position: string;
    currencies: {
      currency: string;
      events: number;
      orders: number;
      tickets_sold: number;
      gross: number;
      net: number;
      taxes: number;
      fees: number;
      refunds: number;
    }[];
  };
};

/**
 * Every route under /api: its JSON body (`FormData` for an upload, `never` if it takes none), its 2xx answer
 * (`void` if none) and, when it takes any, its query parameters.
 */
export interface ApiRoutes {
  'GET /openapi.json': { body: never; response: void };
  'POST /auth/register': { body: PostAuthRegisterBody; response: PostAuthRegisterResponse };
  'POST /auth/login': { body: PostAuthLoginBody; response: PostAuthLoginResponse };
  'POST /auth/logout': { body: never; response: void };
  'POST /auth/forgot-password': {
    body: PostAuthForgotPasswordBody;
    response: PostAuthForgotPasswordResponse;
  };
  'GET /auth/reset-password/{token}': { body: never; response: GetAuthResetPasswordByTokenResponse };
  'POST /auth/reset-password/{token}': {
    body: PostAuthResetPasswordByTokenBody;
    response: PostAuthResetPasswordByTokenResponse;
  };
  'GET /auth/invitation/{token}': { body: never; response: GetAuthInvitationByTokenResponse };
  'POST /auth/invitation/{token}': {
    body: PostAuthInvitationByTokenBody;
    response: PostAuthInvitationByTokenResponse;
  };
  'GET /users/me': { body: never; response: GetUsersMeResponse };
  'PUT /users/me': { body: PutUsersMeBody; response: PutUsersMeResponse };
  'POST /users/{id}/confirm-email/{token}': {
    body: never;
    response: PostUsersByIdConfirmEmailByTokenResponse;
  };
  'POST /users/{id}/resend-email-confirmation': {
    body: never;
    response: PostUsersByIdResendEmailConfirmationResponse;
  };
  'POST /users/{id}/email-change/{token}': { body: never; response: PostUsersByIdEmailChangeByTokenResponse };
  'DELETE /users/{id}/email-change': { body: never; response: DeleteUsersByIdEmailChangeResponse };
  'GET /users': { body: never; response: GetUsersResponse; query: GetUsersQuery };
  'POST /users': { body: PostUsersBody; response: PostUsersResponse };
  'GET /users/{id}': { body: never; response: GetUsersByIdResponse };
  'PUT /users/{id}': { body: PutUsersByIdBody; response: PutUsersByIdResponse };
  'POST /users/{id}/invitation': { body: never; response: PostUsersByIdInvitationResponse };
  'DELETE /users/{id}/invitation': { body: never; response: DeleteUsersByIdInvitationResponse };
  'POST /users/{id}/erase': { body: never; response: PostUsersByIdEraseResponse };
  'GET /account': { body: never; response: GetAccountResponse };
  'PUT /account': { body: PutAccountBody; response: PutAccountResponse };
  'GET /outbox': { body: never; response: GetOutboxResponse; query: GetOutboxQuery };
  'GET /outbox/{id}': { body: never; response: GetOutboxByIdResponse };
  'GET /account/audit': { body: never; response: GetAccountAuditResponse; query: GetAccountAuditQuery };
  'GET /account/audit/actors': { body: never; response: GetAccountAuditActorsResponse };
  'GET /account/audit/export': { body: never; response: void; query: GetAccountAuditExportQuery };
  'GET /events': { body: never; response: GetEventsResponse; query: GetEventsQuery };
  'POST /events': { body: PostEventsBody; response: PostEventsResponse };
  'GET /events/{id}': { body: never; response: GetEventsByIdResponse };
  'PUT /events/{id}': { body: PutEventsByIdBody; response: PutEventsByIdResponse };
  'DELETE /events/{id}': { body: never; response: void };
  'PUT /events/{id}/status': { body: PutEventsByIdStatusBody; response: PutEventsByIdStatusResponse };
  'POST /events/{id}/duplicate': {
    body: PostEventsByIdDuplicateBody;
    response: PostEventsByIdDuplicateResponse;
  };
  'GET /events/{id}/settings': { body: never; response: GetEventsByIdSettingsResponse };
  'PUT /events/{id}/settings': { body: PutEventsByIdSettingsBody; response: PutEventsByIdSettingsResponse };
  'GET /events/{id}/images': { body: never; response: GetEventsByIdImagesResponse };
  'POST /events/{id}/images': { body: FormData; response: PostEventsByIdImagesResponse };
  'DELETE /events/{id}/images/{imageId}': { body: never; response: void };
  'GET /organizers': { body: never; response: GetOrganizersResponse; query: GetOrganizersQuery };
  'POST /organizers': { body: PostOrganizersBody; response: PostOrganizersResponse };
  'GET /organizers/{id}': { body: never; response: GetOrganizersByIdResponse };
  'PUT /organizers/{id}': { body: PutOrganizersByIdBody; response: PutOrganizersByIdResponse };
  'GET /organizers/{id}/images': { body: never; response: GetOrganizersByIdImagesResponse };
  'POST /organizers/{id}/images': { body: FormData; response: PostOrganizersByIdImagesResponse };
  'DELETE /organizers/{id}/images/{imageId}': { body: never; response: void };
  'GET /event-defaults': { body: never; response: GetEventDefaultsResponse };
  'PUT /event-defaults': { body: PutEventDefaultsBody; response: PutEventDefaultsResponse };
  'GET /events/{id}/tickets': { body: never; response: GetEventsByIdTicketsResponse };
  'POST /events/{id}/tickets': { body: PostEventsByIdTicketsBody; response: PostEventsByIdTicketsResponse };
  'PUT /events/{id}/tickets/sort': {
    body: PutEventsByIdTicketsSortBody;
    response: PutEventsByIdTicketsSortResponse;
  };
  'GET /events/{id}/tickets/{ticketId}': { body: never; response: GetEventsByIdTicketsByTicketIdResponse };
  'PUT /events/{id}/tickets/{ticketId}': {
    body: PutEventsByIdTicketsByTicketIdBody;
    response: PutEventsByIdTicketsByTicketIdResponse;
  };
  'DELETE /events/{id}/tickets/{ticketId}': { body: never; response: void };
  'POST /events/{id}/tickets/{ticketId}/pause': {
    body: never;
    response: PostEventsByIdTicketsByTicketIdPauseResponse;
  };
  'POST /events/{id}/tickets/{ticketId}/resume': {
    body: never;
    response: PostEventsByIdTicketsByTicketIdResumeResponse;
  };
  'GET /events/{id}/tickets/{ticketId}/waiting-list': {
    body: never;
    response: GetEventsByIdTicketsByTicketIdWaitingListResponse;
  };
  'PUT /events/{id}/tickets/{ticketId}/waiting-list': {
    body: PutEventsByIdTicketsByTicketIdWaitingListBody;
    response: PutEventsByIdTicketsByTicketIdWaitingListResponse;
  };
  'GET /account/taxes-and-fees': { body: never; response: GetAccountTaxesAndFeesResponse };
  'POST /account/taxes-and-fees': {
    body: PostAccountTaxesAndFeesBody;
    response: PostAccountTaxesAndFeesResponse;
  };
  'GET /account/taxes-and-fees/{id}': { body: never; response: GetAccountTaxesAndFeesByIdResponse };
  'PUT /account/taxes-and-fees/{id}': {
    body: PutAccountTaxesAndFeesByIdBody;
    response: PutAccountTaxesAndFeesByIdResponse;
  };
  'DELETE /account/taxes-and-fees/{id}': { body: never; response: void };
  'GET /events/{eventId}/capacity-assignments': {
    body: never;
    response: GetEventsByEventIdCapacityAssignmentsResponse;
  };
  'POST /events/{eventId}/capacity-assignments': {
    body: PostEventsByEventIdCapacityAssignmentsBody;
    response: PostEventsByEventIdCapacityAssignmentsResponse;
  };
  'GET /events/{eventId}/capacity-assignments/{id}': {
    body: never;
    response: GetEventsByEventIdCapacityAssignmentsByIdResponse;
  };
  'PUT /events/{eventId}/capacity-assignments/{id}': {
    body: PutEventsByEventIdCapacityAssignmentsByIdBody;
    response: PutEventsByEventIdCapacityAssignmentsByIdResponse;
  };
  'DELETE /events/{eventId}/capacity-assignments/{id}': { body: never; response: void };
  'GET /events/{eventId}/promo-codes': { body: never; response: GetEventsByEventIdPromoCodesResponse };
  'POST /events/{eventId}/promo-codes': {
    body: PostEventsByEventIdPromoCodesBody;
    response: PostEventsByEventIdPromoCodesResponse;
  };
  'GET /events/{eventId}/promo-codes/{promoCodeId}': {
    body: never;
    response: GetEventsByEventIdPromoCodesByPromoCodeIdResponse;
  };
  'PUT /events/{eventId}/promo-codes/{promoCodeId}': {
    body: PutEventsByEventIdPromoCodesByPromoCodeIdBody;
    response: PutEventsByEventIdPromoCodesByPromoCodeIdResponse;
  };
  'DELETE /events/{eventId}/promo-codes/{promoCodeId}': { body: never; response: void };
  'GET /events/{eventId}/questions': { body: never; response: GetEventsByEventIdQuestionsResponse };
  'POST /events/{eventId}/questions': {
    body: PostEventsByEventIdQuestionsBody;
    response: PostEventsByEventIdQuestionsResponse;
  };
  'PUT /events/{eventId}/questions/sort': {
    body: PutEventsByEventIdQuestionsSortBody;
    response: PutEventsByEventIdQuestionsSortResponse;
  };
  'GET /events/{eventId}/questions/{questionId}': {
    body: never;
    response: GetEventsByEventIdQuestionsByQuestionIdResponse;
  };
  'PUT /events/{eventId}/questions/{questionId}': {
    body: PutEventsByEventIdQuestionsByQuestionIdBody;
    response: PutEventsByEventIdQuestionsByQuestionIdResponse;
  };
  'DELETE /events/{eventId}/questions/{questionId}': { body: never; response: void };
  'GET /events/{eventId}/affiliates': { body: never; response: GetEventsByEventIdAffiliatesResponse };
  'POST /events/{eventId}/affiliates': {
    body: PostEventsByEventIdAffiliatesBody;
    response: PostEventsByEventIdAffiliatesResponse;
  };
  'GET /events/{eventId}/affiliates/{affiliateId}': {
    body: never;
    response: GetEventsByEventIdAffiliatesByAffiliateIdResponse;
  };
  'PUT /events/{eventId}/affiliates/{affiliateId}': {
    body: PutEventsByEventIdAffiliatesByAffiliateIdBody;
    response: PutEventsByEventIdAffiliatesByAffiliateIdResponse;
  };
  'DELETE /events/{eventId}/affiliates/{affiliateId}': { body: never; response: void };
  'GET /events/{eventId}/check-in-lists': { body: never; response: GetEventsByEventIdCheckInListsResponse };
  'POST /events/{eventId}/check-in-lists': {
    body: PostEventsByEventIdCheckInListsBody;
    response: PostEventsByEventIdCheckInListsResponse;
  };
  'GET /events/{eventId}/check-in-lists/{id}': {
    body: never;
    response: GetEventsByEventIdCheckInListsByIdResponse;
  };
  'PUT /events/{eventId}/check-in-lists/{id}': {
    body: PutEventsByEventIdCheckInListsByIdBody;
    response: PutEventsByEventIdCheckInListsByIdResponse;
  };
  'DELETE /events/{eventId}/check-in-lists/{id}': { body: never; response: void };
  'POST /events/{eventId}/check-in-lists/{id}/rotate-link': {
    body: never;
    response: PostEventsByEventIdCheckInListsByIdRotateLinkResponse;
  };
  'GET /events/{eventId}/check_in_stats': { body: never; response: GetEventsByEventIdCheckInStatsResponse };
  'GET /public/check-in-lists/{shortId}': { body: never; response: GetPublicCheckInListsByShortIdResponse };
  'GET /public/check-in-lists/{shortId}/attendees': {
    body: never;
    response: GetPublicCheckInListsByShortIdAttendeesResponse;
    query: GetPublicCheckInListsByShortIdAttendeesQuery;
  };
  'POST /public/check-in-lists/{shortId}/check-ins': {
    body: PostPublicCheckInListsByShortIdCheckInsBody;
    response: PostPublicCheckInListsByShortIdCheckInsResponse;
  };
  'POST /public/check-in-lists/{shortId}/paid-check-ins': {
    body: PostPublicCheckInListsByShortIdPaidCheckInsBody;
    response: PostPublicCheckInListsByShortIdPaidCheckInsResponse;
  };
  'DELETE /public/check-in-lists/{shortId}/check-ins/{checkInId}': {
    body: never;
    response: void;
    query: DeletePublicCheckInListsByShortIdCheckInsByCheckInIdQuery;
  };
  'POST /public/check-in-lists/{shortId}/offline-scans': {
    body: PostPublicCheckInListsByShortIdOfflineScansBody;
    response: PostPublicCheckInListsByShortIdOfflineScansResponse;
  };
  'GET /public/check-in-lists/{shortId}/snapshot': {
    body: never;
    response: GetPublicCheckInListsByShortIdSnapshotResponse;
  };
  'GET /events/{eventId}/messages': { body: never; response: GetEventsByEventIdMessagesResponse };
  'POST /events/{eventId}/messages': {
    body: PostEventsByEventIdMessagesBody;
    response: PostEventsByEventIdMessagesResponse;
  };
  'GET /events/{eventId}/messages/recipient-search': {
    body: never;
    response: GetEventsByEventIdMessagesRecipientSearchResponse;
    query: GetEventsByEventIdMessagesRecipientSearchQuery;
  };
  'POST /events/{eventId}/messages/test': {
    body: PostEventsByEventIdMessagesTestBody;
    response: PostEventsByEventIdMessagesTestResponse;
  };
  'GET /events/{eventId}/messages/{messageId}': {
    body: never;
    response: GetEventsByEventIdMessagesByMessageIdResponse;
  };
  'GET /events/{eventId}/messages/{messageId}/recipients': {
    body: never;
    response: GetEventsByEventIdMessagesByMessageIdRecipientsResponse;
  };
  'POST /events/{eventId}/messages/{messageId}/cancel': {
    body: never;
    response: PostEventsByEventIdMessagesByMessageIdCancelResponse;
  };
  'GET /events/{eventId}/email-templates': {
    body: never;
    response: GetEventsByEventIdEmailTemplatesResponse;
  };
  'PUT /events/{eventId}/email-templates/{kind}': {
    body: PutEventsByEventIdEmailTemplatesByKindBody;
    response: PutEventsByEventIdEmailTemplatesByKindResponse;
  };
  'DELETE /events/{eventId}/email-templates/{kind}': {
    body: never;
    response: DeleteEventsByEventIdEmailTemplatesByKindResponse;
  };
  'POST /events/{eventId}/email-templates/{kind}/preview': {
    body: PostEventsByEventIdEmailTemplatesByKindPreviewBody;
    response: PostEventsByEventIdEmailTemplatesByKindPreviewResponse;
  };
  'GET /events/{eventId}/webhooks': { body: never; response: GetEventsByEventIdWebhooksResponse };
  'POST /events/{eventId}/webhooks': {
    body: PostEventsByEventIdWebhooksBody;
    response: PostEventsByEventIdWebhooksResponse;
  };
  'GET /events/{eventId}/webhooks/{webhookId}': {
    body: never;
    response: GetEventsByEventIdWebhooksByWebhookIdResponse;
  };
  'PUT /events/{eventId}/webhooks/{webhookId}': {
    body: PutEventsByEventIdWebhooksByWebhookIdBody;
    response: PutEventsByEventIdWebhooksByWebhookIdResponse;
  };
  'DELETE /events/{eventId}/webhooks/{webhookId}': { body: never; response: void };
  'PUT /events/{eventId}/webhooks/{webhookId}/status': {
    body: PutEventsByEventIdWebhooksByWebhookIdStatusBody;
    response: PutEventsByEventIdWebhooksByWebhookIdStatusResponse;
  };
  'GET /events/{eventId}/webhooks/{webhookId}/deliveries': {
    body: never;
    response: GetEventsByEventIdWebhooksByWebhookIdDeliveriesResponse;
  };
  'GET /public/events': { body: never; response: GetPublicEventsResponse; query: GetPublicEventsQuery };
  'GET /public/events/{id}': {
    body: never;
    response: GetPublicEventsByIdResponse;
    query: GetPublicEventsByIdQuery;
  };
  'GET /public/events/{id}/promo-codes/{code}': {
    body: never;
    response: GetPublicEventsByIdPromoCodesByCodeResponse;
  };
  'POST /public/events/{id}/page-views': {
    body: PostPublicEventsByIdPageViewsBody;
    response: PostPublicEventsByIdPageViewsResponse;
  };
  'GET /events/{eventId}/orders': {
    body: never;
    response: GetEventsByEventIdOrdersResponse;
    query: GetEventsByEventIdOrdersQuery;
  };
  'GET /events/{eventId}/orders/{orderId}': {
    body: never;
    response: GetEventsByEventIdOrdersByOrderIdResponse;
  };
  'GET /events/{eventId}/orders/{orderId}/history': {
    body: never;
    response: GetEventsByEventIdOrdersByOrderIdHistoryResponse;
  };
  'GET /events/{eventId}/orders/{orderId}/as-of': {
    body: never;
    response: GetEventsByEventIdOrdersByOrderIdAsOfResponse;
    query: GetEventsByEventIdOrdersByOrderIdAsOfQuery;
  };
  'POST /events/{eventId}/orders/{orderId}/mark-paid': {
    body: never;
    response: PostEventsByEventIdOrdersByOrderIdMarkPaidResponse;
  };
  'POST /events/{eventId}/orders/{orderId}/cancel': {
    body: never;
    response: PostEventsByEventIdOrdersByOrderIdCancelResponse;
  };
  'POST /events/{eventId}/orders/{orderId}/refunds': {
    body: PostEventsByEventIdOrdersByOrderIdRefundsBody;
    response: PostEventsByEventIdOrdersByOrderIdRefundsResponse;
  };
  'PUT /events/{eventId}/orders/{orderId}/buyer': {
    body: PutEventsByEventIdOrdersByOrderIdBuyerBody;
    response: PutEventsByEventIdOrdersByOrderIdBuyerResponse;
  };
  'POST /events/{eventId}/orders/{orderId}/resend-confirmation': {
    body: never;
    response: PostEventsByEventIdOrdersByOrderIdResendConfirmationResponse;
  };
  'POST /events/{eventId}/orders/{orderId}/erase-personal-data': {
    body: never;
    response: PostEventsByEventIdOrdersByOrderIdErasePersonalDataResponse;
  };
  'GET /events/{eventId}/orders/export': {
    body: never;
    response: void;
    query: GetEventsByEventIdOrdersExportQuery;
  };
  'GET /events/{eventId}/attendees': {
    body: never;
    response: GetEventsByEventIdAttendeesResponse;
    query: GetEventsByEventIdAttendeesQuery;
  };
  'POST /events/{eventId}/attendees': {
    body: PostEventsByEventIdAttendeesBody;
    response: PostEventsByEventIdAttendeesResponse;
  };
  'GET /events/{eventId}/attendees/export': {
    body: never;
    response: void;
    query: GetEventsByEventIdAttendeesExportQuery;
  };
  'GET /events/{eventId}/attendees/{attendeeId}': {
    body: never;
    response: GetEventsByEventIdAttendeesByAttendeeIdResponse;
  };
  'PUT /events/{eventId}/attendees/{attendeeId}': {
    body: PutEventsByEventIdAttendeesByAttendeeIdBody;
    response: PutEventsByEventIdAttendeesByAttendeeIdResponse;
  };
  'POST /events/{eventId}/attendees/{attendeeId}/cancel': {
    body: never;
    response: PostEventsByEventIdAttendeesByAttendeeIdCancelResponse;
  };
  'POST /events/{eventId}/attendees/{attendeeId}/reactivate': {
    body: never;
    response: PostEventsByEventIdAttendeesByAttendeeIdReactivateResponse;
  };
  'POST /events/{eventId}/attendees/{attendeeId}/resend-ticket': {
    body: never;
    response: PostEventsByEventIdAttendeesByAttendeeIdResendTicketResponse;
  };
  'GET /public/events/{eventId}/orders/{orderShortId}/invoice.pdf': { body: never; response: void };
  'GET /public/events/{eventId}/orders/{orderShortId}/credit-note.pdf': { body: never; response: void };
  'GET /public/events/{eventId}/orders/{orderShortId}/invoice.html': { body: never; response: void };
  'GET /events/{eventId}/invoices': {
    body: never;
    response: GetEventsByEventIdInvoicesResponse;
    query: GetEventsByEventIdInvoicesQuery;
  };
  'GET /events/{eventId}/invoices/export': {
    body: never;
    response: void;
    query: GetEventsByEventIdInvoicesExportQuery;
  };
  'GET /events/{eventId}/orders/{orderId}/invoice': { body: never; response: void };
  'GET /events/{eventId}/orders/{orderId}/credit-note': { body: never; response: void };
  'GET /account/invoice-settings': { body: never; response: GetAccountInvoiceSettingsResponse };
  'PUT /account/invoice-settings': {
    body: PutAccountInvoiceSettingsBody;
    response: PutAccountInvoiceSettingsResponse;
  };
  'GET /events/{eventId}/waiting-list': {
    body: never;
    response: GetEventsByEventIdWaitingListResponse;
    query: GetEventsByEventIdWaitingListQuery;
  };
  'GET /events/{eventId}/waiting-list/export': {
    body: never;
    response: void;
    query: GetEventsByEventIdWaitingListExportQuery;
  };
  'DELETE /events/{eventId}/waiting-list/{entryId}': { body: never; response: void };
  'POST /events/{eventId}/waiting-list/{entryId}/erase-personal-data': { body: never; response: void };
  'POST /public/events/{eventId}/orders': {
    body: PostPublicEventsByEventIdOrdersBody;
    response: PostPublicEventsByEventIdOrdersResponse;
  };
  'GET /public/events/{eventId}/orders/{orderShortId}': {
    body: never;
    response: GetPublicEventsByEventIdOrdersByOrderShortIdResponse;
  };
  'PUT /public/events/{eventId}/orders/{orderShortId}/details': {
    body: PutPublicEventsByEventIdOrdersByOrderShortIdDetailsBody;
    response: PutPublicEventsByEventIdOrdersByOrderShortIdDetailsResponse;
  };
  'POST /public/events/{eventId}/orders/{orderShortId}/extend': {
    body: never;
    response: PostPublicEventsByEventIdOrdersByOrderShortIdExtendResponse;
  };
  'POST /public/events/{eventId}/orders/{orderShortId}/complete': {
    body: PostPublicEventsByEventIdOrdersByOrderShortIdCompleteBody;
    response: PostPublicEventsByEventIdOrdersByOrderShortIdCompleteResponse;
  };
  'POST /public/events/{eventId}/orders/{orderShortId}/payment-intent': {
    body: PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentBody;
    response: PostPublicEventsByEventIdOrdersByOrderShortIdPaymentIntentResponse;
  };
  'GET /public/events/{eventId}/attendees/{attendeeShortId}': {
    body: never;
    response: GetPublicEventsByEventIdAttendeesByAttendeeShortIdResponse;
  };
  'GET /public/ticket-keys': { body: never; response: GetPublicTicketKeysResponse };
  'POST /public/events/{eventId}/waiting-room': {
    body: PostPublicEventsByEventIdWaitingRoomBody;
    response: PostPublicEventsByEventIdWaitingRoomResponse;
  };
  'GET /public/events/{eventId}/waiting-room': {
    body: never;
    response: GetPublicEventsByEventIdWaitingRoomResponse;
    query: GetPublicEventsByEventIdWaitingRoomQuery;
  };
  'POST /public/events/{eventId}/tickets/{ticketId}/waiting-list': {
    body: PostPublicEventsByEventIdTicketsByTicketIdWaitingListBody;
    response: PostPublicEventsByEventIdTicketsByTicketIdWaitingListResponse;
  };
  'POST /public/waiting-offers/{entryId}/claim': {
    body: PostPublicWaitingOffersByEntryIdClaimBody;
    response: PostPublicWaitingOffersByEntryIdClaimResponse;
  };
  'POST /events/{eventId}/waiting-list/{entryId}/offer': {
    body: never;
    response: PostEventsByEventIdWaitingListByEntryIdOfferResponse;
  };
  'GET /public/wallets': { body: never; response: GetPublicWalletsResponse };
  'GET /public/events/{eventId}/attendees/{attendeeShortId}/wallet.pkpass': { body: never; response: void };
  'GET /public/events/{eventId}/attendees/{attendeeShortId}/google-wallet': {
    body: never;
    response: GetPublicEventsByEventIdAttendeesByAttendeeShortIdGoogleWalletResponse;
  };
  'GET /public/events/{eventId}/attendees/{attendeeShortId}/ticket.pdf': { body: never; response: void };
  'GET /public/events/{eventId}/orders/{orderShortId}/tickets.pdf': { body: never; response: void };
  'GET /account/payment': { body: never; response: GetAccountPaymentResponse };
  'POST /account/payment/connect': {
    body: PostAccountPaymentConnectBody;
    response: PostAccountPaymentConnectResponse;
  };
  'GET /account/billing': { body: never; response: GetAccountBillingResponse };
  'POST /public/webhooks/stripe': {
    body: PostPublicWebhooksStripeBody;
    response: PostPublicWebhooksStripeResponse;
  };
  'GET /events/{eventId}/stats': {
    body: never;
    response: GetEventsByEventIdStatsResponse;
    query: GetEventsByEventIdStatsQuery;
  };
  'GET /events/{eventId}/reports/{report}': {
    body: never;
    response: GetEventsByEventIdReportsByReportResponse;
    query: GetEventsByEventIdReportsByReportQuery;
  };
  'GET /stats/overview': { body: never; response: GetStatsOverviewResponse };
  'GET /stats/account': { body: never; response: GetStatsAccountResponse };
}

export type ApiRoute = keyof ApiRoutes;
export type ApiBody<R extends ApiRoute> = ApiRoutes[R]['body'];
export type ApiResponse<R extends ApiRoute> = ApiRoutes[R]['response'];
export type ApiQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: infer Query } ? Query : never;
