//! Ports for hosts the tests and benchmarks start (examples/ssh_load.rs includes this file).

/// A loopback port nobody listens on now.
pub fn free_port() -> String {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string()
}
