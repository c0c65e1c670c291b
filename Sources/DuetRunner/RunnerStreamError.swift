/// A runner whose reply stream was not in step when it was closed: it wrote lines no request asked
/// for, or did not end cleanly after `{"op":"exit"}` (docs/protocol.md, "Stream integrity").
///
/// Replies are paired with requests by position, so one extra line shifts every later reply onto
/// the wrong request; if the shifted answers happen to match, every recording passes. Only reading
/// the stream to its end proves the pairing held, so this fails the whole run, naming the runner.
package struct RunnerStreamError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The runner's command, as the user gave it.
  package var command: String
  /// What was wrong with the stream.
  package var fault: RunnerFault

  package init(command: String, fault: RunnerFault) {
    self.command = command
    self.fault = fault
  }

  package var description: String {
    "protocol error from the runner \(command): \(fault). Fix the runner so it writes exactly one line per "
      + "request to stdout (diagnostics go to stderr) and exits with status 0 on {\"op\":\"exit\"}."
  }
}
