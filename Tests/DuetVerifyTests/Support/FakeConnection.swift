import DuetCore
import DuetRunner

@testable import DuetVerify

/// An in-memory runner below the process boundary: answers `reduce` with a closure, its reply
/// written as the line a runner writes (`ReduceReply.line`), so replay reads it as it reads a
/// process's.
final class FakeConnection: RunnerConnection {
  typealias Reduce = (_ feature: String, _ state: String, _ action: String) throws(RunnerFault) -> ReduceReply

  let handshake: RunnerHandshake
  let answer: Reduce
  private(set) var requests: [(feature: String, state: String, action: String)] = []
  private(set) var closed = false
  private(set) var killed = false

  init(features: [String] = ["counter", "ping", "pong"], answer: @escaping Reduce = FakeConnection.demo) {
    handshake = RunnerHandshake(features: features)
    self.answer = answer
  }

  func reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>) throws(RunnerFault) -> [UInt8] {
    let (state, action) = (String(decoding: state, as: UTF8.self), String(decoding: action, as: UTF8.self))
    requests.append((feature, state, action))
    return try answer(feature, state, action).line
  }

  func stderrTail() -> [String] { ["fake stderr line"] }
  func close() { closed = true }
  func kill() { killed = true }

  /// Counter, ping and pong, as the demo features behave.
  static func demo(_ feature: String, _ state: String, _ action: String) throws(RunnerFault) -> ReduceReply {
    guard case .object(var fields)? = try? JSONParser().parse(state),
      case .string(let name)? = (try? JSONParser().parse(action))?["case"]
    else { return .refused("malformed request line") }
    var effects: [JSONValue] = []
    func bump(_ key: String, by delta: Int64) { fields[key] = .integer((fields[key]?.integerValue ?? 0) + delta) }
    switch (feature, name) {
    case ("counter", "increment"): bump("count", by: 1)
    case ("counter", "decrement"): bump("count", by: -1)
    case ("counter", "tick"): if fields["isAutoIncrementing"] == .bool(true) { bump("count", by: 1) }
    case ("counter", "toggleAutoIncrement"):
      let on = fields["isAutoIncrementing"] != .bool(true)
      fields["isAutoIncrementing"] = .bool(on)
      effects.append(
        on
          ? .object([
            "id": .string("counter.ticker"), "kind": .string("run"),
            "payload": .object(["case": .string("startTicker")]),
          ])
          : .object(["id": .string("counter.ticker"), "kind": .string("cancel")]))
    case ("ping", "fire"):
      bump("sent", by: 1)
      effects.append(
        .object([
          "kind": .string("run"),
          "payload": .object([
            "case": .string("notifyListener"), "value": .object(["count": fields["sent"] ?? .integer(0)]),
          ]),
        ]))
    case ("pong", "pingFired"): bump("received", by: 1)
    default: return .refused("unknown case '\(name)'")
    }
    return .answer(
      state: (try? CanonicalWriter.compact(.object(fields))) ?? "",
      effects: (try? CanonicalWriter.compact(.array(effects))) ?? "")
  }
}

extension ReduceReply {
  /// The reply's line, as a runner writes it: one compact canonical object.
  var line: [UInt8] {
    let reply: JSONValue
    switch self {
    case .answer(let state, let effects): reply = .object(["effects": .string(effects), "state": .string(state)])
    case .refused(let message): reply = .object(["error": .string(message)])
    }
    return (try? CanonicalWriter.compactBytes(reply)) ?? []
  }
}
