import DuetCore
import Foundation
import XCTest

/// A materialized step compiles and runs as an XCTest in an adopter's package: it passes against
/// the reducer that recorded it, and fails, naming the divergent path, once the reducer breaks.
///
/// The adopter is a throwaway package in a temporary folder with its own `.build` (so it never
/// waits for this package's build lock), depending on this checkout by path for DuetCore, and
/// holding a copy of Foyer's splash feature as an app holds its own sources. A second feature,
/// an echo, carries hostile text (quotes and hashes, an interpolation, line breaks, invisible
/// scalars) in its recording and label, so the generated literals and comments meet the compiler.
/// Building it takes a while, so this is one test; it skips when `swift` is not on PATH.
final class MaterializeEndToEndTests: XCTestCase {
  static let hostile = "\"#\"## \\#(injected) \"\"\" \n\r\u{2028}\u{202E} é 🙂 \\"

  func testAMaterializedStepPassesThenFailsWhenTheReducerBreaks() throws {
    let swift = try Self.swiftOnPath()
    let package = try TemporaryRepository()
    try writeAdopterPackage(package)
    for step in ["splash.repeat-appear-inert#1", "echo.hostile#1"] {
      let run = try package.verify(["materialize", step, "--out", "Tests/MaterializedTests"])
      XCTAssertEqual(run.code, 0, run.out + run.error)
    }

    let started = Date()
    let passing = try CommandRun.run(swift, ["test", "--disable-swift-testing"], in: package.root, deadline: 1_800)
    let firstDuration = Date().timeIntervalSince(started)
    XCTAssertEqual(passing.code, 0, passing.out + passing.error)
    XCTAssertTrue(passing.out.contains("Executed 2 tests, with 0 failures"), passing.out + passing.error)

    try package.edit(
      "Sources/FoyerApp/Splash/SplashFeature.swift", replacing: "guard !state.isArmed else { return [] }",
      with: "// the arming guard, deleted")
    let brokenStart = Date()
    let failing = try CommandRun.run(swift, ["test", "--disable-swift-testing"], in: package.root, deadline: 1_800)
    let secondDuration = Date().timeIntervalSince(brokenStart)
    XCTAssertNotEqual(failing.code, 0, failing.out + failing.error)
    XCTAssertTrue(
      failing.out.contains(
        "expectedEffects diverged at expectedEffects[0]: expected ∅   actual {\"id\":\"splash.safetyNet\""),
      failing.out + failing.error)
    XCTAssertTrue(failing.out.contains("Executed 2 tests, with 1 failure"), failing.out + failing.error)
    print(
      "materialize end-to-end: swift test took \(Int(firstDuration)) s from scratch, "
        + "\(Int(secondDuration)) s after breaking the reducer")
  }

  /// The `swift` driver on PATH, or a skip saying why the test cannot run.
  static func swiftOnPath() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw XCTSkip("swift is not on PATH, so the materialized test cannot be compiled; install the toolchain to run it")
  }

  /// The adopter: its package description, its sources (Foyer's splash, and the echo), its
  /// manifest and recordings.
  func writeAdopterPackage(_ package: TemporaryRepository) throws {
    let checkout = SharedReference.repositoryRoot
    let identity = checkout.lastPathComponent.lowercased()
    try package.write(
      "Package.swift",
      """
      // swift-tools-version:6.0
      import PackageDescription

      let duetCore = Target.Dependency.product(name: "DuetCore", package: "\(identity)")
      let package = Package(
        name: "materialized-adopter",
        dependencies: [.package(path: #"\(checkout.path)"#)],
        targets: [
          .target(name: "FoyerApp", dependencies: [duetCore]),
          .testTarget(name: "MaterializedTests", dependencies: ["FoyerApp", duetCore]),
        ]
      )

      """)
    let splash = try String(
      contentsOf: checkout.appendingPathComponent("Sources/FoyerFeatures/Splash/SplashFeature.swift"), encoding: .utf8)
    try package.write("Sources/FoyerApp/Splash/SplashFeature.swift", splash)
    try package.write("Sources/FoyerApp/Echo/EchoFeature.swift", Self.echoFeature)
    let recording = try String(
      contentsOf: checkout.appendingPathComponent("fixtures/splash.repeat-appear-inert.fixture.json"), encoding: .utf8)
    try package.write("fixtures/splash.repeat-appear-inert.fixture.json", recording)
    try package.write("fixtures/echo.hostile.fixture.json", try Self.echoRecording())
    try package.write(
      "manifest.yaml",
      """
      features:
        splash:
          swift: Sources/FoyerApp/Splash/SplashFeature.swift
          state: SplashState
          action: SplashAction
          effectPayload: SplashEffectPayload
          fixtures:
            - splash.repeat-appear-inert
        echo:
          swift: Sources/FoyerApp/Echo/EchoFeature.swift
          state: EchoState
          action: EchoAction
          effectPayload: EchoEffectPayload
          fixtures:
            - echo.hostile

      """)
  }

  /// A feature that keeps and echoes the text it is told.
  static let echoFeature = """
    import DuetCore

    struct EchoState: Equatable, Codable, Sendable {
      var text = ""
    }

    enum EchoAction: Equatable, Sendable, CanonicalSumCodable {
      case say(text: String)
    }

    enum EchoEffectPayload: Equatable, Sendable, CanonicalSumCodable {
      case echoed(text: String)
    }

    func echoReducer(state: inout EchoState, action: EchoAction) -> [Effect<EchoEffectPayload>] {
      switch action {
      case .say(let text):
        state.text = text
        return [.run(.echoed(text: text))]
      }
    }

    """

  /// Two steps of the echo saying hostile text, the second under a label that tries to end its comment.
  static func echoRecording() throws -> String {
    func state(_ text: String) -> JSONValue { .object(["text": .string(text)]) }
    func say(_ text: String) -> JSONValue {
      .object(["case": .string("say"), "value": .object(["text": .string(text)])])
    }
    func echoed(_ text: String) -> JSONValue {
      .array([
        .object([
          "kind": .string("run"),
          "payload": .object(["case": .string("echoed"), "value": .object(["text": .string(text)])]),
        ])
      ])
    }
    let first = "\"\"" + hostile
    let second = hostile + "#######"
    let step: (String, String) -> JSONValue = { text, label in
      .object([
        "action": say(text), "expectedEffects": echoed(text), "expectedState": state(text), "label": .string(label),
      ])
    }
    let document: JSONValue = .object([
      "dialect": .integer(2), "feature": .string("echo"), "initialState": state(""),
      "steps": .array([step(first, "first"), step(second, "second\n}\nfunc injected() {\u{2028}" + hostile)]),
    ])
    return try CanonicalWriter.pretty(document)
  }
}
