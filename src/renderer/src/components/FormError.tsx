import type { ReactNode } from 'react';

/** What stopped a form or a dialog, said at once to a screen reader (role alert); nothing when there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
