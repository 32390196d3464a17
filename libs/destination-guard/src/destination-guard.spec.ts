import {
  DestinationGuard,
  isInternalAddress,
  isLinkLocalAddress,
  type ResolvedAddress,
} from './destination-guard';

const dns =
  (table: Record<string, string[]>) =>
  (host: string): Promise<ResolvedAddress[]> => {
    const addresses = table[host];
    if (!addresses) return Promise.reject(new Error('ENOTFOUND'));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
    );
  };

const resolver = dns({
  'merchant.example': ['93.184.216.34'],
  'evil.example': ['93.184.216.34', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'internal.example': ['10.1.2.3'],
  'v6.example': ['2606:4700::1111'],
  'v6-local.example': ['fd00::1'],
  'teredo.example': ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  'relay.example': ['192.88.99.1'],
  'aws-v6-metadata.example': ['fd00:ec2::254'],
  'localhost.example': ['127.0.0.1'],
  'private.example': ['10.1.2.3'],
});

const production = (allowedHosts: string[] = []) =>
  new DestinationGuard({ enforce: true, allowedHosts }, resolver);

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '64:ff9b:1::a9fe:a9fe',
    'fec0::1',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2003::1',
    '64:ff9b:2::1',
  ])('%s is public', (address) => expect(isInternalAddress(address)).toBe(false));
});

describe('DestinationGuard in production', () => {
  it('allows public hosts and pins the address it checked', async () => {
    const check = await production().check('https://merchant.example/callback?x=1');
    expect(check).toMatchObject({ ok: true, pinned: { address: '93.184.216.34', family: 4 } });
    expect((await production().check('http://v6.example/')).ok).toBe(true);
    expect((await production().check('http://93.184.216.34:8080/cb')).ok).toBe(true);
  });

  it.each([
    'http://127.0.0.1:8080/cb',
    'http://localhost.:80/', // does not resolve in the test table either way
    'http://[::1]/cb',
    'http://[::ffff:127.0.0.1]/cb',
    'http://2130706433/cb', // 127.0.0.1 in decimal
    'http://0x7f.1/cb',
    'http://10.0.0.5/',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest/meta-data',
    'http://metadata.example/',
    'http://internal.example/',
    'http://v6-local.example/',
    'http://evil.example/', // one of its addresses is internal
  ])('refuses %s', async (url) => {
    expect((await production().check(url)).ok).toBe(false);
  });

  it('refuses other schemes, credentials and garbage', async () => {
    for (const url of ['ftp://merchant.example/', 'file:///etc/passwd', 'not a url']) {
      expect((await production().check(url)).ok).toBe(false);
    }
    expect((await production().check('http://u:p@merchant.example/')).ok).toBe(false);
  });

  it('lets allow-listed names, addresses and ranges through', async () => {
    const guard = production(['internal.example', '127.0.0.1', '192.168.0.0/16', 'FD00::1']);
    expect((await guard.check('http://internal.example/cb')).ok).toBe(true);
    expect((await guard.check('http://127.0.0.1:9999/cb')).ok).toBe(true);
    expect((await guard.check('http://192.168.44.3/cb')).ok).toBe(true);
    expect((await guard.check('http://v6-local.example/')).ok).toBe(true);
    expect((await guard.check('http://127.0.0.2/cb')).ok).toBe(false);
    expect((await guard.check('http://10.0.0.1/cb')).ok).toBe(false);
  });

  it('explains a refusal', async () => {
    const check = await production().check('http://metadata.example/');
    expect(check).toEqual({
      ok: false,
      reason: 'host metadata.example resolves to internal address 169.254.169.254',
    });
  });
});

// Issue 37 L6: tunnels that reach any IPv4 address, and link-local and metadata addresses.
const TUNNELS_AND_METADATA = [
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/cb', // Teredo
  'http://[2001::1]/cb',
  'http://192.88.99.1/cb', // 6to4 relay anycast
  'http://teredo.example/',
  'http://relay.example/',
  'http://169.254.169.254/latest/meta-data',
  'http://169.254.1.1/',
  'http://[fe80::1]/cb',
  'http://[fd00:ec2::254]/latest/meta-data',
  'http://[::ffff:169.254.169.254]/',
  'http://[::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://metadata.example/',
  'http://aws-v6-metadata.example/',
];

describe('isLinkLocalAddress', () => {
  it.each(['169.254.169.254', 'fe80::1', 'fd00:ec2::254', '2001::1', '192.88.99.7', '::a9fe:a9fe'])(
    '%s is link-local, metadata or a tunnel to them',
    (address) => expect(isLinkLocalAddress(address)).toBe(true),
  );

  it.each([
    '127.0.0.1',
    '::1',
    '10.0.0.1',
    'fd00::1',
    '93.184.216.34',
    '2001:db8::1',
    '2002:5db8:d822::1',
  ])('%s is not', (address) => expect(isLinkLocalAddress(address)).toBe(false));
});

describe('DestinationGuard against tunnels and metadata', () => {
  it.each(['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '192.88.99.1'])(
    'counts %s as internal',
    (address) => expect(isInternalAddress(address)).toBe(true),
  );

  it.each(TUNNELS_AND_METADATA)('refuses %s in production', async (url) => {
    expect((await production().check(url)).ok).toBe(false);
  });

  it.each(TUNNELS_AND_METADATA)('refuses %s outside production too', async (url) => {
    const guard = new DestinationGuard({ enforce: false, allowedHosts: [] }, resolver);
    expect((await guard.check(url)).ok).toBe(false);
  });

  it('lets an operator allow-list a link-local address explicitly', async () => {
    const guard = new DestinationGuard(
      { enforce: false, allowedHosts: ['169.254.10.0/24'] },
      resolver,
    );
    expect((await guard.check('http://169.254.10.5/cb')).ok).toBe(true);
    expect((await guard.check('http://169.254.169.254/cb')).ok).toBe(false);
  });
});

describe('DestinationGuard outside production', () => {
  const guard = new DestinationGuard({ enforce: false, allowedHosts: [] }, resolver);

  it('allows loopback and private addresses', async () => {
    expect((await guard.check('http://127.0.0.1:8080/cb')).ok).toBe(true);
    expect((await guard.check('http://[::1]:8080/cb')).ok).toBe(true);
    expect((await guard.check('http://10.0.0.1/cb')).ok).toBe(true);
    expect((await guard.check('http://[fd00::1]/cb')).ok).toBe(true);
    expect((await guard.check('ftp://127.0.0.1/')).ok).toBe(false);
  });

  it('checks the addresses of a name without pinning one, and lets a name that does not resolve fail on connect', async () => {
    const check = await guard.check('http://localhost.example:9000/cb');
    expect(check).toMatchObject({ ok: true });
    expect(check).not.toHaveProperty('pinned');
    expect((await guard.check('http://private.example/cb')).ok).toBe(true);
    expect(await guard.check('http://nowhere.example/cb')).toMatchObject({ ok: true });
  });
});
