import Foundation
import TestSupport
import XCTest

/// Declaration parity through the built `duet-verify lint`, in a Duet-layout repository
/// (`parity/manifest.yaml`) whose greeter feature has a Swift and a Kotlin twin.
final class DeclarationParityEndToEndTests: XCTestCase {
  static let swiftPath = "ios/Sources/Greeter/GreeterFeature.swift"
  static let kotlinPath = "android/greeter/src/main/kotlin/GreeterFeature.kt"

  static let swiftSource = """
    // The Swift half of the greeter.
    public struct GreeterState: Equatable, Codable {
      public var message: String
      public var waveCount: Int
      public var isQuiet: Bool { message.isEmpty }
    }

    public enum GreeterAction: Equatable {
      case wave
      case reset(String)
    }

    public enum GreeterEffectPayload: Equatable {
      case log(String)
    }

    """

  static let kotlinSource = """
    package com.example.greeter

    import kotlinx.serialization.SerialName
    import kotlinx.serialization.Serializable

    @Serializable
    data class GreeterState(
        val message: String = "{",
        val waveCount: Int,
    )

    @Serializable
    sealed interface GreeterAction {
        @Serializable
        @SerialName("wave")
        data object Wave : GreeterAction
        @Serializable data class Reset(val message: String) : GreeterAction
    }

    sealed interface GreeterEffectPayload {
        data class Log(val line: String) : GreeterEffectPayload
    }

    """

  func greeterRepository() throws -> TemporaryRepository {
    let repository = try TemporaryRepository()
    try repository.write(
      "parity/manifest.yaml",
      """
      features:
        greeter:
          swift: \(Self.swiftPath)
          kotlin: \(Self.kotlinPath)
          state: GreeterState
          action: GreeterAction
          effectPayload: GreeterEffectPayload
          fixtures: []

      """)
    try repository.write(Self.swiftPath, Self.swiftSource)
    try repository.write(Self.kotlinPath, Self.kotlinSource)
    return repository
  }

  /// Makes one edit (`old` to `new`) in the greeter repository's file at `path` and checks that
  /// `lint` then fails with exactly one problem, `line`.
  func assertLintFails(
    editing path: String, replacing old: String, with new: String, withOnly line: String,
    file: StaticString = #filePath, testLine: UInt = #line
  ) throws {
    let repository = try greeterRepository()
    try repository.edit(path, replacing: old, with: new)
    let run = try repository.failingLint(file: file, line: testLine)
    XCTAssertEqual(
      run.out.split(separator: "\n").map(String.init), [line, "duet-verify lint: FAIL (1 problem)"], file: file,
      line: testLine)
  }

  func testMatchingTwinsPassLint() throws {
    let repository = try greeterRepository()
    try repository.passingLint()
  }

  func testARenamedKotlinPropertyIsReportedWithBothSidesAndTheirLines() throws {
    try assertLintFails(
      editing: Self.kotlinPath, replacing: "val waveCount", with: "val waves",
      withOnly:
        "✗ parity/manifest.yaml:5: state: 'GreeterState' of feature 'greeter' differs between the cores: "
        + "swift-only=[waveCount (\(Self.swiftPath):4)] kotlin-only=[waves (\(Self.kotlinPath):9)] (struct at "
        + "\(Self.swiftPath):2, data class at \(Self.kotlinPath):7). Both cores must write the same properties on "
        + "the wire: rename one side to match the other (or give the Kotlin one @SerialName), then re-record.")
  }

  func testARenamedSealedSubclassFoldsToTheSwiftCaseSpelling() throws {
    let repository = try greeterRepository()
    try repository.edit(Self.kotlinPath, replacing: "data class Reset", with: "data class ResetAll")
    try repository.edit(Self.kotlinPath, replacing: "data class Log", with: "data class Emit")
    let run = try repository.failingLint()
    assertContains(run.out, "✗ parity/manifest.yaml:6: action: 'GreeterAction' of feature 'greeter' differs")
    assertContains(run.out, "swift-only=[reset (\(Self.swiftPath):10)] kotlin-only=[resetAll (\(Self.kotlinPath):17)]")
    assertContains(run.out, "swift-only=[log (\(Self.swiftPath):14)] kotlin-only=[emit (\(Self.kotlinPath):21)]")
    assertContains(run.out, "FAIL (2 problems)")
  }

  func testADeclarationMissingFromOneFileNamesTheFile() throws {
    try assertLintFails(
      editing: Self.swiftPath, replacing: "public enum GreeterAction", with: "public enum GreeterActions",
      withOnly:
        "✗ parity/manifest.yaml:6: action: 'GreeterAction' of feature 'greeter': declaration not found in "
        + "\(Self.swiftPath) (no struct or enum named 'GreeterAction'). Declare it there, or name in action: the "
        + "type that file declares.")
  }

  func testAPendingKotlinSideIsNotCompared() throws {
    let repository = try greeterRepository()
    try repository.edit("parity/manifest.yaml", replacing: "kotlin: \(Self.kotlinPath)", with: "kotlin: pending")
    try repository.edit(Self.swiftPath, replacing: "case wave\n", with: "case wave, wink\n")
    try repository.passingLint()
  }

  func testDriftFailsVerifyBeforeAnyRunnerStarts() throws {
    let repository = try greeterRepository()
    try repository.edit(Self.kotlinPath, replacing: "val waveCount", with: "val waves")
    let run = try repository.verify(["verify", "--runner", "/nonexistent/runner"])
    XCTAssertNotEqual(run.code, 0, run.out + run.error)
    assertContains(run.out + run.error, "state: 'GreeterState' of feature 'greeter' differs between the cores")
  }
}
