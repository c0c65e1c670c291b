import XCTest

@testable import DuetVerify

/// The privacy lint's published thresholds, pinned one by one.
final class PrivacyLintTests: XCTestCase {
  func testEmailAddressInsideASentenceIsFound() {
    XCTAssertEqual(PrivacyLint.concern(in: "mail <ada@example.com>"), .emailAddress)
  }

  func testAtSignWithoutADottedDomainIsNotAnEmailAddress() {
    XCTAssertNil(PrivacyLint.concern(in: "@home"))
    XCTAssertNil(PrivacyLint.concern(in: "team@local"))
  }

  func testNineDigitsWithSeparatorsAreAPhoneNumber() {
    XCTAssertEqual(PrivacyLint.concern(in: "(415) 555-2671"), .phoneNumber)
  }

  func testLeadingPlusLowersThePhoneThresholdToSevenDigits() {
    XCTAssertEqual(PrivacyLint.concern(in: "+372 5123 45"), .phoneNumber)
    XCTAssertNil(PrivacyLint.concern(in: "512 345 6"))
  }

  func testEightDigitDateIsNotAPhoneNumber() {
    XCTAssertNil(PrivacyLint.concern(in: "2026-07-02"))
  }

  func testDigitsGluedToLettersAreNotAPhoneNumber() {
    XCTAssertNil(PrivacyLint.concern(in: "550e8400-e29b-41d4-a716-446655440000"))
  }

  func testFortyEightCharactersIsStillALabel() {
    XCTAssertNil(PrivacyLint.concern(in: String(repeating: "a", count: 48)))
    XCTAssertEqual(PrivacyLint.concern(in: String(repeating: "a", count: 49)), .freeText)
  }

  func testFourWordsIsStillALabelAndFiveIsText() {
    XCTAssertNil(PrivacyLint.concern(in: "user tapped the button"))
    XCTAssertEqual(PrivacyLint.concern(in: "user tapped the big button"), .freeText)
  }
}
