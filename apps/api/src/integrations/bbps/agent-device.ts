import { createHash } from 'node:crypto';
import { networkInterfaces } from 'node:os';

/**
 * Bharat Connect asks an internet-channel agent (INITIATING_CHANNEL=INT) for the device's IP and MAC.
 * A browser cannot reveal its MAC, so the MAC is the agent's own device: the first real network
 * interface of this host, else a locally administered address derived from the agent id (stable
 * across restarts and replicas). Written with dashes, as the operating units' samples are.
 */
export function agentMacAddress(agentId: string): string {
  const hardware = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.mac && entry.mac !== '00:00:00:00:00:00');
  if (hardware) return hardware.mac.toUpperCase().replaceAll(':', '-');
  const digest = createHash('sha256').update(agentId).digest();
  // 0x02 in the first octet marks a locally administered, unicast address.
  const octets = [0x02, ...digest.subarray(0, 5)];
  return octets.map((octet) => octet.toString(16).padStart(2, '0').toUpperCase()).join('-');
}

/** The client's IP as the api sees it, without the IPv4-in-IPv6 prefix Node adds on dual-stack sockets. */
export function clientIpAddress(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
