/** The list strategies: userWithId, remoteAddress and applicationHostname. */
import { Address4 } from 'ip-address';
import { contextValue } from '../context-value';
import { splitList, type StrategyRule } from './strategy';

export const userWithId: StrategyRule = (parameters, context) => {
  const userIds = parameters.userIds;
  return !!userIds && context.userId !== undefined && splitList(userIds).includes(context.userId);
};

/**
 * remoteAddress: `IPs` lists addresses and IPv4 CIDR ranges. An entry equal to the context's address
 * matches (IPv6 too); otherwise both are read as IPv4 and the address must be inside the range, as
 * unleash-client does.
 */
export const remoteAddress: StrategyRule = (parameters, context) => {
  const ips = parameters.IPs;
  if (!ips) return false;
  const address = context.remoteAddress;
  return splitList(ips).some((range) => {
    if (range === address) return true;
    try {
      return new Address4(address ?? '').isInSubnet(new Address4(range));
    } catch {
      return false;
    }
  });
};

/**
 * applicationHostname: the SDKs compare `hostNames` with the host they run on. A server evaluating for
 * a client has no such host, so the host name is the context's `hostname` property, else the one the
 * evaluator was created with; with neither, the strategy is off. Compared case-insensitively, as the SDKs do.
 */
export const applicationHostname: StrategyRule = (parameters, context, runtime) => {
  const hostNames = parameters.hostNames;
  const hostname = contextValue(context, 'hostname') ?? runtime.hostname;
  if (!hostNames || hostname === undefined) return false;
  return splitList(hostNames.toLowerCase()).includes(hostname.toLowerCase());
};
