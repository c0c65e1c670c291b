import Foundation

/// The request loop: one line in, `JSONSerialization` for the envelope, a re-serialised subtree
/// for `JSONDecoder`, the reducer, `JSONEncoder` with sorted keys, one `FileHandle` write out.
enum ShapedServer {
  static func run() {
    let output = FileHandle.standardOutput
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let handshake: [String: Any] = [
      "capabilities": ["record"], "features": ["counter"], "platform": "swift", "protocol": "duet-replay",
      "version": 1,
    ]
    write(handshake, to: output)
    while let line = readLine(strippingNewline: true) {
      guard !line.isEmpty else { continue }
      write(reply(to: line, encoder: encoder), to: output)
    }
  }

  static func reply(to line: String, encoder: JSONEncoder) -> [String: Any] {
    do {
      guard let request = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let op = request["op"] as? String
      else { return ["error": "malformed request line"] }
      if op == "exit" { exit(0) }
      guard op == "reduce", request["feature"] as? String == "counter", let stateTree = request["state"],
        let actionTree = request["action"]
      else { return ["error": "reduce needs feature/state/action"] }
      let decoder = JSONDecoder()
      var state = try decoder.decode(ShapedCounterState.self, from: JSONSerialization.data(withJSONObject: stateTree))
      let action = try decoder.decode(
        ShapedCounterAction.self, from: JSONSerialization.data(withJSONObject: actionTree))
      let effects = reduce(&state, action)
      return [
        "effects": String(decoding: try encoder.encode(effects), as: UTF8.self),
        "state": String(decoding: try encoder.encode(state), as: UTF8.self),
      ]
    } catch {
      return ["error": "\(error)"]
    }
  }

  static func reduce(_ state: inout ShapedCounterState, _ action: ShapedCounterAction) -> [ShapedEffect] {
    switch action {
    case .increment: state.count &+= 1
    case .decrement: state.count &-= 1
    case .tick: if state.isAutoIncrementing { state.count &+= 1 }
    case .toggleAutoIncrement:
      state.isAutoIncrementing.toggle()
      return state.isAutoIncrementing
        ? [ShapedEffect(id: ShapedEffect.ticker, kind: "run", payload: ["case": "startTicker"])]
        : [ShapedEffect(id: ShapedEffect.ticker, kind: "cancel", payload: nil)]
    }
    return []
  }

  static func write(_ object: [String: Any], to output: FileHandle) {
    guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    data.append(0x0A)
    output.write(data)
  }
}
