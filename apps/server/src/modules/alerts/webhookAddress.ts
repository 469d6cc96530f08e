import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. A subscriber types the URL, and the server, not the subscriber, makes the
 * request: without a guard a console user could make the server post to its own network (the metrics port,
 * a cloud metadata address, a database's HTTP interface). So by default a webhook goes only to public
 * addresses: the host is resolved once per attempt, every address it resolves to must be public, and the
 * connection is made to the address that was checked (a name that resolves differently a moment later cannot
 * redirect it). ALERT_WEBHOOK_ALLOW_PRIVATE=true allows private and loopback receivers (an on-premises
 * receiver, the tests).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address; an IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type CheckedAddress = { address: string; family: 4 | 6 };

/** Refused: the reason the delivery log keeps. */
export class WebhookAddressError extends Error {}

/**
 * The address to connect to for `hostname` (a URL's hostname: IPv6 in brackets), or a WebhookAddressError when
 * it does not resolve or, unless `allowPrivate`, when any address it resolves to is not public.
 */
export async function checkedAddress(hostname: string, allowPrivate: boolean): Promise<CheckedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses =
    family === 0
      ? await lookup(host, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
          throw new WebhookAddressError(
            `the receiver's host ${host} does not resolve (${error.code ?? error.message})`,
          );
        })
      : [{ address: host, family }];
  const first = addresses[0];
  if (!first) throw new WebhookAddressError(`the receiver's host ${host} does not resolve`);
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused)
      throw new WebhookAddressError(
        `the receiver's address ${refused.address} is not public (set ALERT_WEBHOOK_ALLOW_PRIVATE=true to allow private networks)`,
      );
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** How long a subscription waits for the receiver's name to resolve before it takes the URL as given. */
const SUBSCRIBE_LOOKUP_MS = 2_000;

/**
 * Whether a subscription's webhook URL is refused when it is made: its host is, or resolves to, an address
 * that is not public (unless `allowPrivate`). A name that does not resolve (yet) is taken, as is one that
 * does not answer within two seconds: every delivery checks again (checkedAddress) and logs a refusal.
 */
export async function refusedAtSubscribe(url: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return !isPublicAddress(host);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SUBSCRIBE_LOOKUP_MS);
  });
  const addresses = await Promise.race([lookup(host, { all: true, verbatim: true }).catch(() => null), timeout]);
  clearTimeout(timer);
  return addresses?.some(({ address }) => !isPublicAddress(address)) ?? false;
}
