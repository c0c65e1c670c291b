/// What the server does with one request line.
public enum ReplayReply: Equatable, Sendable {
  /// Write this line (without its newline) to stdout.
  case line(String)
  /// Exit 0 without replying (`{"op":"exit"}`).
  case exit
  /// Nothing to do (an empty line).
  case none
}
