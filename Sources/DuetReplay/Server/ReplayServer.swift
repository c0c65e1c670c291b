import DuetCore
import Foundation

/// The replay protocol v1 over stdio, for one registry.
///
/// The runner writes a handshake line, then answers each request line with exactly one response
/// line, in order, until `{"op":"exit"}` or end of input. stdout carries protocol lines only; every
/// diagnostic goes to stderr. The core, ``respond(to:)``, is a pure function of a line, so tests
/// drive the protocol in-process; ``serve(input:output:diagnostics:)`` adds the byte plumbing.
public struct ReplayServer: Sendable {
  /// The longest request line accepted; longer lines are skipped with an error reply.
  public static let maximumRequestLength = 64 << 20

  /// The registry being served.
  public let registry: ReplayRegistry

  public init(registry: ReplayRegistry) {
    self.registry = registry
  }

  /// The first line the runner writes.
  public var handshakeLine: String { ReplayEnvelope.handshake(features: registry.featureNames) }

  /// The reply to one request line (given without its newline).
  public func respond(to line: some Collection<UInt8>) -> ReplayReply {
    if line.allSatisfy(Self.isWhitespace) { return .none }
    do {
      switch try ReplayRequest.parse(line) {
      case .exit:
        return .exit
      case .reduce(let feature, let state, let action):
        return .line(ReplayEnvelope.reduced(try registry.reduce(feature: feature, state: state, action: action)))
      case .scenarios(let target):
        return .line(try scenariosLine(target))
      }
    } catch {
      return .line(ReplayEnvelope.error(error))
    }
  }

  func scenariosLine(_ target: ReplayRequest.ScenarioTarget) throws(ReplayError) -> String {
    throw .unknownOp("scenarios")
  }

  /// Serves until exit or end of input and returns the process exit status: 0 on exit/EOF, 1 when
  /// stdout is gone, 2 when the registry has declaration problems (each written to `diagnostics`).
  public func serve(
    input: FileHandle = .standardInput, output: FileHandle = .standardOutput,
    diagnostics: FileHandle = .standardError
  ) -> Int32 {
    let out = output.fileDescriptor
    let err = diagnostics.fileDescriptor
    guard registry.problems.isEmpty else {
      for problem in registry.problems { _ = FileDescriptorIO.write(err, Array("replay runner: \(problem)\n".utf8)) }
      return 2
    }
    guard FileDescriptorIO.write(out, Array((handshakeLine + "\n").utf8)) else { return Self.outputGone(err) }
    let inputDescriptor = input.fileDescriptor
    var reader = LineReader(maximumLineLength: Self.maximumRequestLength) { buffer in
      FileDescriptorIO.read(inputDescriptor, into: buffer)
    }
    while true {
      let reply: ReplayReply
      switch reader.next() {
      case .end: return 0
      case .tooLong: reply = .line(ReplayEnvelope.error(.requestLineTooLong(limit: Self.maximumRequestLength)))
      case .line(let bytes): reply = respond(to: bytes)
      }
      switch reply {
      case .exit: return 0
      case .none: continue
      case .line(let text):
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        guard FileDescriptorIO.write(out, bytes) else { return Self.outputGone(err) }
      }
    }
  }

  /// The whole of an app's `replay-runner/main.swift`: `ReplayServer.serve(registry: appRegistry)`.
  public static func serve(registry: ReplayRegistry) -> Never {
    FileDescriptorIO.ignoreBrokenPipes()
    exit(ReplayServer(registry: registry).serve())
  }

  static func outputGone(_ diagnostics: Int32) -> Int32 {
    _ = FileDescriptorIO.write(diagnostics, Array("replay runner: stdout was closed; exiting\n".utf8))
    return 1
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
