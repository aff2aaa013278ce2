package io.strata.metastore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on 127.0.0.1 in front of the Thrift metastore that a test can cut (every connection is
 * closed and new ones are refused, as when the metastore goes down) and restore on the same port.
 */
final class TcpProxy implements AutoCloseable {

    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    TcpProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        ServerSocket s = bind(0);
        this.port = s.getLocalPort();
        start(s);
    }

    int port() {
        return port;
    }

    String uri() {
        return "thrift://127.0.0.1:" + port;
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return s;
    }

    private void start(ServerSocket s) {
        server = s;
        Thread acceptor = new Thread(() -> {
            while (!s.isClosed()) {
                Socket client;
                try {
                    client = s.accept();
                } catch (IOException e) {
                    return;
                }
                try {
                    Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                    open.add(client);
                    open.add(upstream);
                    pump(client, upstream);
                    pump(upstream, client);
                } catch (IOException e) {
                    // The target is down (a killed server): this client sees its connection closed, later ones
                    // are served once the target is back.
                    closeQuietly(client);
                }
            }
        }, "tcp-proxy-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException ignored) {
                // The other side closed or the proxy was cut.
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    /** Closes every connection and refuses new ones. */
    synchronized void cut() {
        closeQuietly(server);
        for (Socket s : open) {
            closeQuietly(s);
        }
        open.clear();
    }

    /** Accepts connections again, on the same port. */
    synchronized void restore() throws IOException {
        if (server.isClosed()) {
            start(bind(port));
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // Already closed.
        }
    }

    @Override
    public void close() {
        cut();
    }
}
