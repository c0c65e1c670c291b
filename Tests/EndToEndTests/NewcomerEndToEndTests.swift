import DuetCore
import Foundation
import TestSupport
import XCTest

/// What a newcomer meets first, through the built executable: one typo gives one error, advice
/// that works for the file at hand, hints that name the feature, the manifest named by its path.
final class NewcomerEndToEndTests: XCTestCase {
  func testAGrammarErrorGivesOneErrorAndNoOrphanAdvice() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    // A typo: the fixtures list lost its key's colon, so none of the three recordings is listed.
    try repository.edit("manifest.yaml", replacing: "    fixtures:\n", with: "    fixtures\n")
    let run = try repository.failingLint()
    XCTAssertFalse(run.out.contains("orphan"), run.out)
    XCTAssertFalse(run.out.contains("git rm"), run.out)
    assertContains(run.out, "✗ manifest.yaml:4:")
  }

  func git(_ arguments: [String], in repository: TemporaryRepository) throws {
    let run = try CommandRun.run(
      URL(fileURLWithPath: "/usr/bin/git"),
      ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"] + arguments,
      in: repository.root)
    XCTAssertEqual(run.code, 0, run.out + run.error)
  }

  func testGitRmIsAdvisedOnlyForARecordingGitTracks() throws {
    let repository = try TemporaryRepository.counterCorpus(chain: false)
    let fixtures = repository.root.appendingPathComponent("fixtures")
    for name in ["tracked", "untracked"] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("counter.fixture.json"),
        to: fixtures.appendingPathComponent("counter.\(name).fixture.json"))
    }
    try repository.write(
      "fixtures/sub/counter.nested.fixture.json", try repository.read("fixtures/counter.fixture.json"))
    try git(["init", "-q"], in: repository)
    try git(
      ["add", "manifest.yaml", "fixtures/counter.tracked.fixture.json", "fixtures/sub/counter.nested.fixture.json"],
      in: repository)
    try git(["commit", "-q", "-m", "start"], in: repository)
    let run = try repository.failingLint()
    assertContains(
      run.out,
      "✗ fixtures/counter.tracked.fixture.json: recording 'counter.tracked' is not listed in manifest.yaml (an "
        + "orphan). List it under its feature's fixtures: (or under chains:), or remove it: git rm "
        + "fixtures/counter.tracked.fixture.json")
    assertContains(
      run.out,
      "✗ fixtures/counter.untracked.fixture.json: recording 'counter.untracked' is not listed in manifest.yaml (an "
        + "orphan). List it under its feature's fixtures: (or under chains:), or delete it (git does not track it): "
        + "rm fixtures/counter.untracked.fixture.json")
    assertContains(
      run.out,
      "git mv fixtures/sub/counter.nested.fixture.json fixtures/, or remove it: git rm "
        + "fixtures/sub/counter.nested.fixture.json")
  }

  /// A leaf recording of `feature` whose one step emits `subject verb`, in canonical pretty form.
  static func trackingRecording(_ feature: String, _ subject: String, _ verb: String) throws -> String {
    let text =
      #"{"dialect":2,"feature":"\#(feature)","initialState":{},"steps":[{"action":{"case":"tapped"},"#
      + #""expectedEffects":[{"kind":"run","payload":{"case":"track","value":{"event":{"params":[],"#
      + #""subject":"\#(subject)","verb":"\#(verb)"}}}}],"expectedState":{},"label":"step 0","line":10}]}"#
    return try CanonicalWriter.pretty(try JSONParser().parse(text))
  }

  func testTheDeclareTheseEventsHintNamesEachEmittingFeatureAndTheManifestsPath() throws {
    let repository = try TemporaryRepository()
    try repository.write(
      "parity/manifest.yaml",
      "features:\n  home:\n    fixtures:\n      - home.promo\n  signin:\n    fixtures:\n      - signin.email\n")
    try repository.write(
      "parity/fixtures/home.promo.fixture.json", try Self.trackingRecording("home", "Promo", "Viewed"))
    try repository.write(
      "parity/fixtures/signin.email.fixture.json", try Self.trackingRecording("signin", "Session", "Started"))
    let run = try repository.verify(["taxonomy"])
    XCTAssertEqual(run.code, 1, run.out + run.error)
    assertContains(run.out, "but no feature in parity/manifest.yaml declares any")
    assertContains(
      run.out,
      "    features:\n      home:\n        events:\n          - Promo Viewed\n      signin:\n        events:\n"
        + "          - Session Started\n")
    XCTAssertFalse(run.out.contains("<feature that emits it>"), run.out)
  }
}
