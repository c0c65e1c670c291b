import Foundation
import TestSupport
import XCTest

/// docs/protocol.md is what a runner author in another language implements from, so its transcripts
/// must be the real server's bytes: each marked session's `>` lines are sent to the built
/// `demo-runner`, and its stdout must be the `<` lines exactly, handshake first, then one reply per
/// request, nothing after `exit`.
final class ProtocolTranscriptEndToEndTests: XCTestCase {
  func testTheProtocolDocumentsTranscriptIsWhatTheServerAnswersByteForByte() throws {
    let document = try String(
      contentsOf: SharedReference.repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
    let sessions = Self.sessions(in: document)
    XCTAssertEqual(sessions.count, 2, "docs/protocol.md should hold two marked transcripts")
    XCTAssertGreaterThan(sessions.first?.requests.count ?? 0, 10, "the first transcript lost its requests")
    let folder = try TemporaryFolder()
    for (index, session) in sessions.enumerated() {
      XCTAssertEqual(session.requests.last, #"{"op":"exit"}"#, "transcript \(index + 1) should end with exit")
      let (process, out, error) = CommandRun.prepare(
        try BuiltProducts.executable(named: "demo-runner"), [], in: folder.url)
      let input = Pipe()
      process.standardInput = input
      try process.run()
      input.fileHandleForWriting.write(Data(session.requests.map { $0 + "\n" }.joined().utf8))
      try input.fileHandleForWriting.close()
      let (written, diagnostics) = CommandRun.drain(out, error)
      process.waitUntilExit()

      XCTAssertEqual(process.terminationStatus, 0, "demo-runner after transcript \(index + 1); stderr: \(diagnostics)")
      let expected = session.replies.map { $0 + "\n" }.joined()
      XCTAssertTrue(
        written == expected, "transcript \(index + 1), " + Self.firstDifference(written, expected))
    }
  }

  func testTheTranscriptReaderTakesOnlyTheMarkedBlocks() {
    let document = """
      ```text
      > {"op":"ignored"}
      ```
      <!-- transcript: checked -->
      ```text
      < {"protocol":"duet-replay"}
      > {"op":"exit"}
      ```
      > {"op":"after"}
      <!-- transcript: the second -->
      ```text
      > {"op":"second"}
      ```
      """
    let sessions = Self.sessions(in: document)
    XCTAssertEqual(sessions.map(\.requests), [[#"{"op":"exit"}"#], [#"{"op":"second"}"#]])
    XCTAssertEqual(sessions.map(\.replies), [[#"{"protocol":"duet-replay"}"#], []])
  }

  /// The `>` (sent) and `<` (received) lines of each fenced block after a `<!-- transcript` line.
  static func sessions(in document: String) -> [(requests: [String], replies: [String])] {
    let lines = document.components(separatedBy: "\n")
    var sessions: [(requests: [String], replies: [String])] = []
    for marker in lines.indices where lines[marker].hasPrefix("<!-- transcript") {
      guard let open = lines[marker...].firstIndex(where: { $0.hasPrefix("```") }) else { continue }
      let body = lines[(open + 1)...].prefix { !$0.hasPrefix("```") }
      sessions.append(
        (
          body.filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) },
          body.filter { $0.hasPrefix("< ") }.map { String($0.dropFirst(2)) }
        ))
    }
    return sessions
  }

  /// The first line where `actual` and `expected` part, for the failure message.
  static func firstDifference(_ actual: String, _ expected: String) -> String {
    let got = actual.components(separatedBy: "\n")
    let want = expected.components(separatedBy: "\n")
    for index in 0..<max(got.count, want.count) {
      let left = index < got.count ? got[index] : "∅"
      let right = index < want.count ? want[index] : "∅"
      if left != right { return "reply line \(index + 1): the server wrote\n  \(left)\nthe document says\n  \(right)" }
    }
    return "identical"
  }
}
