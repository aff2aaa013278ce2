package io.strata.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;

/** Ports on 127.0.0.1 for servers that tests start: a free one, and waiting until one accepts connections. */
public final class LocalPorts {

    private LocalPorts() {}

    /** A port on 127.0.0.1 that was free a moment ago. */
    public static int free() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits until 127.0.0.1:{@code port} accepts a connection; fails naming the port after {@code timeout}. */
    public static void await(int port, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("Nothing accepted connections on 127.0.0.1:" + port + " within "
                            + timeout.toSeconds() + " s", e);
                }
                Thread.sleep(100);
            }
        }
    }
}
