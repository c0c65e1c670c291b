import DuetCore

/// The runner's first line: which protocol it speaks and which features it can reduce.
///
/// The verifier refuses any runner that is not duet-replay v1 before sending it a single request,
/// naming what it sent, so a mismatched build is diagnosed at once instead of as a page of failures.
package struct RunnerHandshake: Equatable, Sendable {
  /// The protocol name the verifier speaks.
  package static let protocolName = "duet-replay"
  /// The protocol version the verifier speaks.
  package static let protocolVersion: Int64 = 1

  /// Features the runner serves, as sent.
  package var features: [String]
  /// `swift`, `kotlin`, … (informational).
  package var platform: String?
  /// Optional extras (`record`).
  package var capabilities: [String]

  package init(features: [String], platform: String? = nil, capabilities: [String] = []) {
    self.features = features
    self.platform = platform
    self.capabilities = capabilities
  }

  /// Validates a handshake line.
  package static func parse(_ line: [UInt8]) throws(RunnerFault) -> RunnerHandshake {
    let sent = RunnerFault.preview(line)
    let tree: JSONValue
    do {
      tree = try JSONParser().parse(line)
    } catch {
      throw .refusedHandshake(.notJSON(message: error.message, column: error.column), sent: sent)
    }
    guard case .object(let members) = tree else {
      throw .refusedHandshake(.notObject(kind: tree.kindName), sent: sent)
    }
    let name = members["protocol"]
    let version = members["version"]
    guard name == .string(protocolName), version == .integer(protocolVersion) else {
      let shownName = name.map(FirstDivergence.render) ?? "nothing"
      let shownVersion = version.map(FirstDivergence.render) ?? "nothing"
      throw .refusedHandshake(.otherProtocol(name: shownName, version: shownVersion), sent: sent)
    }
    guard case .array(let items)? = members["features"] else {
      throw .refusedHandshake(.noFeatures, sent: sent)
    }
    var features: [String] = []
    for item in items {
      guard case .string(let feature) = item else {
        throw .refusedHandshake(.featureNotName(kind: item.kindName), sent: sent)
      }
      features.append(feature)
    }
    var capabilities: [String] = []
    if case .array(let extras)? = members["capabilities"] {
      capabilities = extras.compactMap(\.stringValue)
    }
    return RunnerHandshake(features: features, platform: members["platform"]?.stringValue, capabilities: capabilities)
  }
}
