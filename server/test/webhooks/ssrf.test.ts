// The SSRF guard: every spelling of a refused address is refused, public addresses pass, the
// allow list lets named hosts through, and the address connected to is the one checked.
import { describe, expect, it } from 'vitest';
import {
  BlockedTargetError,
  checkTarget,
  classifyAddress,
  parseAllowHosts,
  parseIPv4,
  parseIPv6,
  pinnedLookup,
  type Resolver,
} from '../../webhooks/ssrf.js';

const refused: Array<[string, string]> = [
  // IPv4, and its decimal, octal, hex and short spellings
  ['127.0.0.1', 'loopback'],
  ['127.1', 'loopback'],
  ['2130706433', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['0x7f.1', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['017700000001', 'loopback'],
  ['0x7f.0.0.0x1', 'loopback'],
  ['10.0.0.5', 'private'],
  ['012.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['3232235777', 'private'],
  ['100.64.0.1', 'private'],
  ['169.254.169.254', 'metadata'],
  ['2852039166', 'metadata'],
  ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
  ['0251.0376.0251.0376', 'metadata'],
  ['169.254.1.1', 'link-local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified'],
  ['255.255.255.255', 'reserved'],
  // IPv6
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fe80::1', 'link-local'],
  ['ff02::1', 'multicast'],
  // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:10.0.0.1', 'private'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
];

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '172.15.255.255',
  '169.253.0.1',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
  '2002:808:808::1',
];

describe('the SSRF guard', () => {
  it.each(refused)('refuses %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(allowed)('lets %s through', (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });

  it('reads the loose IPv4 spellings as inet_aton does, and refuses impossible ones', () => {
    expect(parseIPv4('2130706433')).toBe(0x7f000001);
    expect(parseIPv4('0177.0.0.1')).toBe(0x7f000001);
    expect(parseIPv4('0x7f.1')).toBe(0x7f000001);
    expect(parseIPv4('127.0.1')).toBe(0x7f000001);
    expect(parseIPv4('256.0.0.1')).toBeUndefined();
    expect(parseIPv4('1.2.3.4.5')).toBeUndefined();
    expect(parseIPv4('08.0.0.1')).toBeUndefined();
    expect(parseIPv4('4294967296')).toBeUndefined();
    expect(parseIPv4('example.com')).toBeUndefined();
    expect(parseIPv6('1::2::3')).toBeUndefined();
    expect(parseIPv6('fe80::1%eth0')).toBeUndefined();
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  });

  it('refuses every spelling in a URL, as the URL parser hands it over', async () => {
    const urls = [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0177.0.0.1/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:169.254.169.254]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://224.0.0.1/',
      'https://0.0.0.0/',
    ];
    for (const u of urls) {
      await expect(checkTarget(new URL(u), { allowHosts: [] }), u).rejects.toBeInstanceOf(
        BlockedTargetError,
      );
    }
  });

  it('resolves a name and refuses it when any of its addresses is refused', async () => {
    const resolve: Resolver = async (host) =>
      host === 'hooks.example.com'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '::ffff:10.0.0.1', family: 6 },
          ]
        : [{ address: '93.184.215.14', family: 4 }];
    await expect(
      checkTarget(new URL('https://hooks.example.com/in'), { allowHosts: [], resolve }),
    ).rejects.toMatchObject({ kind: 'private', address: '::ffff:10.0.0.1' });
    const ok = await checkTarget(new URL('https://public.example.com/in'), {
      allowHosts: [],
      resolve,
    });
    expect(ok.address).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('refuses a name that does not resolve', async () => {
    const resolve: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(
      checkTarget(new URL('https://nowhere.example/'), { allowHosts: [], resolve }),
    ).rejects.toMatchObject({ kind: 'unresolved' });
  });

  it('lets WEBHOOK_ALLOW_HOSTS names through, and only those', async () => {
    const allow = parseAllowHosts(' 127.0.0.1, LocalHost ,[::1],');
    expect(allow).toEqual(['127.0.0.1', 'localhost', '::1']);
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(
      checkTarget(new URL('http://localhost:9/'), { allowHosts: allow, resolve }),
    ).resolves.toMatchObject({ address: { address: '127.0.0.1' } });
    await expect(
      checkTarget(new URL('http://[::1]:9/'), { allowHosts: allow }),
    ).resolves.toBeTruthy();
    await expect(
      checkTarget(new URL('http://127.0.0.2/'), { allowHosts: allow }),
    ).rejects.toMatchObject({ kind: 'loopback' });
  });

  it('connects to the checked address whatever DNS says next', () => {
    const lookup = pinnedLookup({ address: '93.184.215.14', family: 4 });
    const one: unknown[] = [];
    lookup('hooks.example.com', {}, (...args: unknown[]) => one.push(...args));
    expect(one).toEqual([null, '93.184.215.14', 4]);
    const all: unknown[] = [];
    lookup('hooks.example.com', { all: true }, (...args: unknown[]) => all.push(...args));
    expect(all).toEqual([null, [{ address: '93.184.215.14', family: 4 }]]);
  });
});
