/**
 * IN_CIDR: the context value is an IPv4 or IPv6 address inside one of the constraint's ranges (a bare
 * address is a range of one), with ip-address as unleash-client does. Entries that are no valid range
 * of the value's family are skipped; a value that is no address matches nothing.
 */
import { Address4, Address6 } from 'ip-address';
import { contextValue } from '../context-value';
import { cleanValues, type Operator } from './operator';

type Family = typeof Address4 | typeof Address6;

function inRange(address: Address4 | Address6, range: string, family: Family): boolean {
  if (!family.isValid(range)) return false;
  const subnet = new family(range);
  return address.correctForm() === subnet.correctForm() || address.isInSubnet(subnet);
}

export const cidrOperator: Operator = (constraint, context) => {
  const value = contextValue(context, constraint.contextName);
  if (value === undefined) return false;
  const family: Family | undefined = Address4.isValid(value) ? Address4 : Address6.isValid(value) ? Address6 : undefined;
  if (!family) return false;
  const address = new family(value);
  return cleanValues(constraint.values).some((range) => inRange(address, range, family));
};
