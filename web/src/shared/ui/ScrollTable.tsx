import type { ReactNode } from 'react';
import './manage.css';

/**
 * A table that scrolls sideways when the window is too narrow for its columns. The scrolling box takes the
 * keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
