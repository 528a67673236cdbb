#!/usr/bin/env python3
"""Latency of `questlog serve` for a new client while others hold connections open.

Usage: serve_latency.py PORT

Opens 500 idle connections and 50 slowloris ones (each sends part of a request head, then a
byte every 200 ms) to 127.0.0.1:PORT, then times 50 new clients, one after another, each
connecting, asking for a page and reading the whole response. Prints the median and the largest
time, and exits with 1 when the largest is 100 ms or more or a held connection was dropped.
"""

import socket
import statistics
import sys
import threading
import time

IDLE = 500
SLOW = 50
PROBES = 50
LIMIT_MS = 100


def connect(port):
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def fetch(port, path):
    with connect(port) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    return data


def main():
    port = int(sys.argv[1])
    idle = [connect(port) for _ in range(IDLE)]
    slow = [connect(port) for _ in range(SLOW)]
    for index, connection in enumerate(slow):
        connection.sendall(f"GET /page-{index}.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".encode())
    stop = threading.Event()
    dropped = []

    def trickle():
        while not stop.wait(0.2):
            for connection in slow:
                try:
                    connection.sendall(b"x")
                except OSError:
                    dropped.append(connection)

    thread = threading.Thread(target=trickle)
    thread.start()
    try:
        times = []
        for _ in range(PROBES):
            started = time.perf_counter()
            response = fetch(port, "/my-first-game/index.html")
            times.append((time.perf_counter() - started) * 1000)
            if not response.startswith(b"HTTP/1.1 200"):
                print("FAIL: a new client got", response[:40])
                return 1
    finally:
        stop.set()
        thread.join()
    for connection in idle:
        connection.setblocking(False)
        try:
            if connection.recv(1) == b"":
                dropped.append(connection)
        except BlockingIOError:
            pass
    print(f"{IDLE} idle and {SLOW} slowloris connections held; {PROBES} new clients, one at a time")
    print(f"new client, connect to last byte: median {statistics.median(times):.1f} ms, largest {max(times):.1f} ms")
    for connection in idle + slow:
        connection.close()
    if dropped:
        print(f"FAIL: {len(dropped)} held connections were dropped")
        return 1
    if max(times) >= LIMIT_MS:
        print(f"FAIL: a new client took {LIMIT_MS} ms or more")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
