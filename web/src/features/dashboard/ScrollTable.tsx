import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box takes the keyboard focus, so it can be
 * scrolled without a mouse (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dashboard-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
