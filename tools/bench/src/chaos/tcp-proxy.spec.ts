import * as net from 'node:net';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** An echo server behind the proxy, on loopback. */
describe('startTcpProxy', () => {
  let echo: net.Server;
  let proxy: TcpProxy;

  beforeAll(async () => {
    echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy((echo.address() as net.AddressInfo).port);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(proxy.port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });
  const roundTrip = (socket: net.Socket, text: string) =>
    new Promise<string>((resolve) => {
      socket.once('data', (data) => resolve(data.toString()));
      socket.write(text);
    });

  it('passes bytes both ways, drops open connections on cut, refuses new ones until restored', async () => {
    const socket = await connect();
    expect(await roundTrip(socket, 'hello')).toBe('hello');
    expect(proxy.open).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await proxy.cut();
    await closed;
    await expect(connect()).rejects.toThrow(/ECONNREFUSED/);
    await proxy.restore();
    const again = await connect();
    expect(await roundTrip(again, 'back')).toBe('back');
    again.destroy();
  });
});
