import { OverlayToaster, Position, type Intent, type ToastProps, type Toaster } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import './toaster.css';

/**
 * Spec section 9: at most 5 notifications, auto-close after 4000 ms. Fixed to the window (toaster.css) and at
 * the bottom's centre rather than its right corner (issue 26, item 14): lists end their rows with their actions
 * and begin them with the item's link, and toasts in the corner covered the actions of the rows at the bottom.
 */
export const TOAST_MAX = 5;
export const TOAST_TIMEOUT_MS = 4000;

let toasterPromise: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toasterPromise ??= OverlayToaster.create({
    maxToasts: TOAST_MAX,
    position: Position.BOTTOM,
    className: 'app-toaster',
  });
  return toasterPromise;
}

/** Shows a toast from anywhere (the toaster lives in its own root, appended to <body>). */
export function showToast(props: ToastProps): void {
  void getToaster().then((toaster) => toaster.show({ timeout: TOAST_TIMEOUT_MS, ...props }));
}

type Text = MessageDescriptor | string;
type Values = Record<string, string | number | boolean | Date | null | undefined>;

export interface AppToaster {
  show: (message: Text, options?: { intent?: Intent; values?: Values; icon?: ToastProps['icon'] }) => void;
  success: (message: Text, values?: Values) => void;
  danger: (message: Text, values?: Values) => void;
}

/**
 * Toasts with translated text. The toaster renders outside the app's React tree, so messages are formatted
 * here, in the caller's intl context, before they are handed over.
 */
export function useToaster(): AppToaster {
  const intl = useIntl();
  return useMemo(() => {
    const text = (message: Text, values?: Values) =>
      typeof message === 'string' ? message : intl.formatMessage(message, values);
    const show: AppToaster['show'] = (message, options = {}) => {
      showToast({
        message: text(message, options.values),
        intent: options.intent ?? 'none',
        ...(options.icon ? { icon: options.icon } : {}),
      });
    };
    return {
      show,
      success: (message, values) =>
        show(message, { intent: 'success', icon: 'tick-circle', ...(values ? { values } : {}) }),
      danger: (message, values) =>
        show(message, { intent: 'danger', icon: 'error', ...(values ? { values } : {}) }),
    };
  }, [intl]);
}
