"""A venue's bad Wi-Fi on loopback: a TCP proxy that delays and drops the server's answers.

Listens on 127.0.0.1 only and forwards to a server on 127.0.0.1. Each answer
(the first bytes back after a request went up) waits a random delay, and with
probability ``drop`` the connection is cut instead: the server has acted, the
client never hears. Used by tests/browser/test_offline_queue.py, the soak test
and bench/flaky_network.py.
"""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time


class FlakyProxy:
    def __init__(self, upstream_port: int, *, drop: float = 0.1, max_delay: float = 2.0,
                 seed: int | None = None) -> None:
        self.upstream_port = upstream_port
        self.drop, self.max_delay = drop, max_delay
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.answers = self.dropped = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.running = False
        self.listener.close()

    def __enter__(self) -> FlakyProxy:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _fate(self) -> tuple[bool, float]:
        with self.lock:
            self.answers += 1
            drop = self.rng.random() < self.drop
            self.dropped += drop
            return drop, self.rng.uniform(0, self.max_delay)

    def _accept(self) -> None:
        while self.running:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(("127.0.0.1", self.upstream_port))
        except OSError:
            client.close()
            return
        asked = threading.Event()  # a request went up since the last answer began

        def close_both() -> None:
            for sock in (client, server):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()

        def up() -> None:
            try:
                while data := client.recv(65536):
                    asked.set()
                    server.sendall(data)
            except OSError:
                pass
            close_both()

        threading.Thread(target=up, daemon=True).start()
        try:
            while data := server.recv(65536):
                if asked.is_set():
                    asked.clear()
                    drop, delay = self._fate()
                    time.sleep(delay)
                    if drop:
                        # Let the server finish writing (it has acted), then cut the line.
                        server.settimeout(0.2)
                        try:
                            while server.recv(65536):
                                pass
                        except OSError:
                            pass
                        break
                client.sendall(data)
        except OSError:
            pass
        close_both()
