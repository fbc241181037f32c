// Where the main process may download result files from (images, the service's zip): the service's
// own origin (the local engine on loopback included), or hosts whose every address is public. The
// check runs for each hop (redirects are followed by hand) and inside the connection's DNS lookup,
// so a name cannot resolve to a public address for the check and a private one for the connect.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { BadResponseError } from '../../../shared/service-errors.ts';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // (IPv4-mapped ::ffff:a.b.c.d is unwrapped in isPublicAddress: BlockList matches IPv4 against it.)
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address on the public internet (not loopback, private, link-local, CGNAT, multicast…). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const refused = (host: string, why: string): BadResponseError =>
  new BadResponseError(
    `${host}: download refused (${why}); only the service's own address or public hosts are fetched`,
  );

/** A DNS lookup that fails unless every address of the name is public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0)
      return callback(refused(hostname, `it resolves to ${bad?.address ?? 'nothing'}`), '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** For one URL (each redirect hop): no restriction for the service's origin, else the public-only
 *  lookup; an IP literal (which skips DNS) is checked here. Throws when the URL may not be fetched. */
export function egressFor(url: URL, serviceBase: string | undefined): LookupFunction | undefined {
  let serviceOrigin: string | null = null;
  try {
    serviceOrigin = serviceBase ? new URL(serviceBase).origin : null;
  } catch {
    serviceOrigin = null;
  }
  if (serviceOrigin && url.origin === serviceOrigin) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused(url.host, 'a private or loopback address');
    return undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused(url.host, 'a loopback name');
  return publicOnlyLookup;
}
