import XCTest

@testable import DuetVerify

/// Text from recordings and manifests is pasted into generated Swift only in forms that cannot
/// end a literal or a comment early.
final class SwiftSourceTests: XCTestCase {
  func testRawLiteralKeepsPrintableJSONReadable() {
    XCTAssertEqual(SwiftSource.rawStringLiteral(#"{"case":"appeared"}"#), ##"#"{"case":"appeared"}"#"##)
  }

  func testRawLiteralHasMoreHashesThanAnyRunInTheText() {
    XCTAssertEqual(SwiftSource.rawStringLiteral(##"a"#b"##), ###"##"a"#b"##"###)
    XCTAssertEqual(SwiftSource.rawStringLiteral(###"x"##\#(y)"###), ####"###"x"##\#(y)"###"####)
  }

  func testRawLiteralEscapesLineBreaksControlsAndNonASCII() {
    XCTAssertEqual(SwiftSource.rawStringLiteral("a\nb\u{2028}c\u{0}é"), ##"#"a\#u{A}b\#u{2028}c\#u{0}\#u{E9}"#"##)
  }

  func testRawLiteralEscapesALeadingQuoteSoItNeverOpensAMultiLineLiteral() {
    XCTAssertEqual(SwiftSource.rawStringLiteral(#""""#), ##"#"\#u{22}""#"##)
  }

  /// A printed test holds no `##[` (a legacy workflow command anywhere in a CI log line), and the
  /// literal's value is still exactly the text.
  func testLegacyCommandsAreBrokenInLiteralsAndComments() {
    XCTAssertEqual(SwiftSource.rawStringLiteral("a ##[error] b"), ####"###"a #\###u{23}[error] b"###"####)
    XCTAssertEqual(SwiftSource.commentText("a ##[error] b"), #"a #\u{23}[error] b"#)
  }

  func testCommentTextStaysOnOneLine() {
    XCTAssertEqual(
      SwiftSource.commentText("label\n}\nfunc injected() {\r\u{2028}\u{202E} › ok"),
      #"label\u{A}}\u{A}func injected() {\u{D}\u{2028}\u{202E} › ok"#)
  }

  func testClassNamesAreUpperCamelCaseFromTheRecordingName() {
    XCTAssertEqual(
      MaterializedTestWriter.className("splash.repeat-appear-inert", step: 1), "SplashRepeatAppearInertStep1Tests")
    XCTAssertEqual(MaterializedTestWriter.className("2fa.code-sent", step: 0), "Recording2faCodeSentStep0Tests")
  }

  func testModuleNameFollowsSwiftPMsTargetNaming() {
    XCTAssertEqual(SwiftSource.moduleName(forTarget: "my-app.core"), "my_app_core")
    XCTAssertEqual(SwiftSource.moduleName(forTarget: "3d"), "_3d")
  }

  func testDottedNamesAreTheOnlyNamesAccepted() {
    XCTAssertTrue(SwiftSource.isDottedName("Splash.State"))
    XCTAssertTrue(SwiftSource.isDottedName("splashFeature.reduce"))
    XCTAssertFalse(SwiftSource.isDottedName("State; import Evil"))
    XCTAssertFalse(SwiftSource.isDottedName("State."))
    XCTAssertFalse(SwiftSource.isDottedName("1State"))
  }
}
