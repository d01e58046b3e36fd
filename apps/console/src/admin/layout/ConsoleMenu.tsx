import { Menu } from 'react-admin';
import { roleAtLeast } from '../../auth/roles';
import { RESOURCES } from '../dataProvider';
import { useOfferScope } from '../useOfferScope';

/** The menu's resources in their order; Staff comes last and only for the partner's owners. */
const EVERYONE = [
  RESOURCES.holders,
  RESOURCES.fulfilment,
  RESOURCES.content,
  RESOURCES.reports,
  RESOURCES.messages,
  RESOURCES.inbox,
  RESOURCES.errors,
  RESOURCES.audit,
] as const;

/**
 * react-admin's menu lists every resource; Staff is the owners' (the server refuses anyone else), so the
 * others are not offered a page that would only say so.
 */
export function ConsoleMenu() {
  const { choice } = useOfferScope();
  return (
    <Menu>
      {EVERYONE.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
      {choice && roleAtLeast(choice.role, 'owner') && <Menu.ResourceItem name={RESOURCES.staff} />}
    </Menu>
  );
}
