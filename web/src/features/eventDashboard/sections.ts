import type { IconName } from '@blueprintjs/core';
import type { MessageDescriptor } from 'react-intl';
import { eventSectionMessages as s } from './messages';

export interface EventSection {
  /** Route segment under `/manage/event/{eventId}`; '' is the index. */
  path: string;
  label: MessageDescriptor;
  icon: IconName;
}

/** Spec section 2: index, dashboard, tickets, attendees, questions, orders, promo-codes, affiliates, check-in,
 *  messages, settings, widget, homepage-designer, getting-started, capacity-assignments; and the event's reports
 *  (issue 16). */
export const EVENT_SECTIONS: EventSection[] = [
  { path: '', label: s.overview, icon: 'home' },
  { path: 'getting-started', label: s.gettingStarted, icon: 'rocket-slant' },
  { path: 'dashboard', label: s.dashboard, icon: 'dashboard' },
  { path: 'reports', label: s.reports, icon: 'th-list' },
  { path: 'tickets', label: s.tickets, icon: 'label' },
  { path: 'orders', label: s.orders, icon: 'shopping-cart' },
  { path: 'attendees', label: s.attendees, icon: 'people' },
  { path: 'invoices', label: s.invoices, icon: 'document' },
  { path: 'waiting-list', label: s.waitingList, icon: 'time' },
  { path: 'check-in', label: s.checkIn, icon: 'endorsed' },
  { path: 'questions', label: s.questions, icon: 'help' },
  { path: 'promo-codes', label: s.promoCodes, icon: 'tag' },
  { path: 'capacity-assignments', label: s.capacityAssignments, icon: 'layers' },
  { path: 'affiliates', label: s.affiliates, icon: 'link' },
  { path: 'messages', label: s.messages, icon: 'envelope' },
  { path: 'email-templates', label: s.emailTemplates, icon: 'document' },
  { path: 'webhooks', label: s.webhooks, icon: 'data-connection' },
  { path: 'homepage-designer', label: s.homepageDesigner, icon: 'style' },
  { path: 'widget', label: s.widget, icon: 'code' },
  { path: 'settings', label: s.settings, icon: 'cog' },
];
