// Custom routes are not guarded by react-admin's resource controllers: this asks canAccess the same way.
import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { t } from '../../domain/messages';
import type { Action, Resource } from '../../domain/rules/policy';
import { AccessDenied } from './AccessDenied';

/** Visible only to a role allowed to open the page; the others see AccessDenied (custom routes). */
export function RequireAccess({
  resource,
  action,
  children,
}: {
  resource: Resource;
  action: Action;
  children: ReactNode;
}) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <p>{t('common.loading')}</p>;
  if (!canAccess) return <AccessDenied />;
  return <>{children}</>;
}
