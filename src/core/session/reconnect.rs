//! When `openEventSource`'s GET stream connects again, as an EventSource
//! does: after the server's `retry:` delay (or the caller's), with
//! `Last-Event-ID`, until too many attempts in a row fail. A protocol
//! violation or a refused request does not get better by retrying.

/// How a connection ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Dropped {
    /// The body ended, the connection was lost, or the request failed.
    Lost,
    /// The server refused the request, or sent what the protocol forbids.
    Refused,
}

/// What to do next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    /// Connect again after this many milliseconds.
    RetryAfter(f64),
    /// Stop, failing with the error that ended the connection.
    Fail,
    /// Stop: this many attempts in a row failed.
    GiveUp,
}

#[derive(Debug, Clone)]
pub struct Reconnect {
    delay_ms: f64,
    max_retries: f64,
    failures: f64,
}

impl Reconnect {
    /// `delay_ms` applies until the server names its own.
    pub fn new(delay_ms: f64, max_retries: f64) -> Self {
        Reconnect {
            delay_ms,
            max_retries,
            failures: 0.0,
        }
    }

    /// A response arrived: the count of failures in a row starts again.
    pub fn connected(&mut self) {
        self.failures = 0.0;
    }

    /// `server_retry`: the stream's last `retry:` field, in milliseconds.
    pub fn after(&mut self, dropped: Dropped, server_retry: Option<u64>) -> Next {
        if dropped == Dropped::Refused {
            return Next::Fail;
        }
        self.failures += 1.0;
        if self.failures > self.max_retries {
            return Next::GiveUp;
        }
        Next::RetryAfter(server_retry.map_or(self.delay_ms, |r| r as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_with_the_servers_delay_until_too_many_fail_in_a_row() {
        let mut r = Reconnect::new(1000.0, 2.0);
        assert_eq!(r.after(Dropped::Lost, None), Next::RetryAfter(1000.0));
        assert_eq!(r.after(Dropped::Lost, Some(50)), Next::RetryAfter(50.0));
        assert_eq!(r.after(Dropped::Lost, None), Next::GiveUp);
        r.connected();
        assert_eq!(r.after(Dropped::Lost, None), Next::RetryAfter(1000.0));
        assert_eq!(r.after(Dropped::Refused, None), Next::Fail);
    }
}
