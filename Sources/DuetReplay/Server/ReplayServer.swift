import DuetCore
import DuetScenario
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

  /// How scenario source paths are made repository-relative (the working directory by default).
  public let sourceRoot: SourceRoot

  /// A server for `registry`; `sourceRoot` is injectable so tests can pin scenario source paths.
  public init(registry: ReplayRegistry, sourceRoot: SourceRoot = .current) {
    self.registry = registry
    self.sourceRoot = sourceRoot
  }

  /// The first line the runner writes.
  public var handshakeLine: String { ReplayEnvelope.handshake(features: registry.featureNames) }

  /// The reply to one request line (given without its newline).
  public func respond(to line: some Collection<UInt8>) -> ReplayReply {
    switch answer(line) {
    case .reduced(let step): return .line(ReplayEnvelope.reduced(step))
    case .reply(let reply): return reply
    }
  }

  /// What `serve` does with a line: a reduce's two strings go straight into the reply buffer.
  enum Answer {
    case reduced(ReplayStep)
    case reply(ReplayReply)
  }

  func answer(_ line: some Collection<UInt8>) -> Answer {
    if let reply = compactStep(line) { return .reply(.line(reply)) }
    return treeAnswer(line)
  }

  /// The reply line of a compact `reduce` decoded in place (``CompactRequest``), or nil for the
  /// tree reading: what `serve` writes for the line, through a writer of its own.
  func compactStep(_ line: some Collection<UInt8>) -> String? {
    let writer = ReplyWriter(descriptor: -1, capacity: 256)
    return compactReply(line, into: writer) ? writer.takeLine() : nil
  }

  /// A compact `reduce` decoded in place and its reply line written into `writer`; false, with
  /// nothing written, for the other readings.
  func compactReply(_ line: some Collection<UInt8>, into writer: ReplyWriter) -> Bool {
    let written = line.withContiguousStorageIfAvailable { buffer in
      guard let request = CompactRequest(buffer, reusing: &writer.spareDocument) else { return false }
      return registry.reduce(request, into: writer)
    }
    return written ?? false
  }

  /// The answer of the line read as a tree: every op, every line, every error.
  func treeAnswer(_ line: some Collection<UInt8>) -> Answer {
    if line.allSatisfy(Self.isWhitespace) { return .reply(.none) }
    do {
      switch try ReplayRequest.parse(line) {
      case .exit:
        return .reply(.exit)
      case .reduce(let feature, let state, let action):
        return .reduced(try registry.reduceStep(feature: feature, state: state, action: action))
      case .scenarios(let target):
        return .reply(.line(try scenariosLine(target)))
      }
    } catch {
      return .reply(.line(ReplayEnvelope.error(error)))
    }
  }

  /// `{"fixtures":[{"document":…,"name":…},…]}` for the scenarios op.
  func scenariosLine(_ target: ReplayRequest.ScenarioTarget) throws(ReplayError) -> String {
    let fixtures: [CompiledFixture]
    switch target {
    case .feature(let name): fixtures = try registry.scenarios(feature: name, sourceRoot: sourceRoot)
    case .chain(let name): fixtures = try registry.scenarios(chain: name, sourceRoot: sourceRoot)
    }
    do {
      return try ReplayEnvelope.fixtures(fixtures.map { ($0.name, $0.document) })
    } catch {
      throw .scenarioFailed("a compiled fixture cannot be written as canonical JSON: \(error.description)")
    }
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
      for problem in registry.problems { SystemFile.write("replay runner: \(problem)\n", to: err) }
      return 2
    }
    let writer = ReplyWriter(descriptor: out)
    writer.append(handshakeLine)
    let inputDescriptor = input.fileDescriptor
    var reader = LineReader(maximumLineLength: Self.maximumRequestLength) { buffer in
      writer.flush()
      return SystemFile.read(inputDescriptor, into: buffer)
    }
    while writer.isOpen {
      let reply: ReplayReply
      switch reader.next() {
      case .end: reply = .exit
      case .tooLong: reply = .line(ReplayEnvelope.error(.requestLineTooLong(limit: Self.maximumRequestLength)))
      case .line(let bytes):
        if compactReply(bytes, into: writer) { continue }
        switch treeAnswer(bytes) {
        case .reduced(let step):
          writer.append(reduced: step)
          continue
        case .reply(let other): reply = other
        }
      }
      switch reply {
      case .exit:
        writer.flush()
        return writer.isOpen ? 0 : Self.outputGone(err)
      case .none: continue
      case .line(let text): writer.append(text)
      }
    }
    return Self.outputGone(err)
  }

  /// The whole of an app's `replay-runner/main.swift`: `ReplayServer.serve(registry: appRegistry)`.
  public static func serve(registry: ReplayRegistry) -> Never {
    // A closed stdout then surfaces as a failed write instead of killing the process with SIGPIPE.
    _ = signal(SIGPIPE, SIG_IGN)
    exit(ReplayServer(registry: registry).serve())
  }

  static func outputGone(_ diagnostics: Int32) -> Int32 {
    SystemFile.write("replay runner: stdout was closed; exiting\n", to: diagnostics)
    return 1
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
