import TestSupport
import XCTest

@testable import DuetVerify

/// The textual declaration readers over the shapes real Duet features are written in: the duet
/// CLI's mini-dual greeter, the Foyer tutorial's features and their Kotlin twins, and the lexing
/// traps (comments, strings, generics, annotations, multi-line constructors).
final class DeclarationReaderTests: XCTestCase {
  func swift(_ name: String, _ source: String) -> [String]? {
    SwiftDeclarationReader.read(name, in: SourceLexer.tokens(of: source)).map { $0.names.keys.sorted() }
  }

  func kotlin(_ name: String, _ source: String) -> [String]? {
    KotlinDeclarationReader.read(name, in: SourceLexer.tokens(of: source)).map { $0.names.keys.sorted() }
  }

  /// The duet CLI's mini-dual greeter, its Swift file and Kotlin twin.
  let greeterSwift = DuetTestTreeManifests.dualSwiftSource
  let greeterKotlin = DuetTestTreeManifests.dualKotlinSource

  func testGreeterTwinsGiveTheSameNamesOnBothSides() {
    for name in ["GreeterState", "GreeterAction", "GreeterEffectPayload"] {
      XCTAssertNotNil(swift(name, greeterSwift), name)
      XCTAssertEqual(swift(name, greeterSwift), kotlin(name, greeterKotlin), name)
    }
    XCTAssertEqual(kotlin("GreeterAction", greeterKotlin), ["reset", "wave"])
  }

  func testSwiftStructReadsStoredPropertiesOnly() {
    let source = """
      struct SplashState: Equatable, Codable, Sendable {
        /// Whether the safety net is armed.
        var isArmed = false
        let started: Int64, label: String
        private(set) var history: [String: [Int]] = [:]
        var observed: Int = 0 {
          didSet { print("{") }
        }
        static var shared = SplashState()
        static let limit = 3
        var isIdle: Bool { !isArmed }
        var computed: Int {
          get { 1 }
        }
        struct Nested { var inner: Int }
        func reset() { var local = 1; local += 1 }
        init() { isArmed = false; started = 0; label = ""; let x = 1; _ = x }
      }
      """
    XCTAssertEqual(swift("SplashState", source), ["history", "isArmed", "label", "observed", "started"])
  }

  func testSwiftEnumReadsEveryCaseFormAndIgnoresSwitches() {
    let source = """
      enum SignInAction: Equatable, Sendable, CanonicalSumCodable {
        case emailChanged(String), passwordChanged(String)
        case submitTapped
        indirect case nested(
          inner: SignInAction,
          note: String = "}"
        )
        case signedIn(session: Session<Token>)
        static func make() -> Self {
          switch Int.random(in: 0...1) {
          case 0: return .submitTapped
          default: return .submitTapped
          }
        }
      }
      """
    XCTAssertEqual(
      swift("SignInAction", source), ["emailChanged", "nested", "passwordChanged", "signedIn", "submitTapped"])
  }

  func testSwiftCodingKeysAndRawValuesGiveTheWireNames() {
    let source = """
      struct HomeState: Codable {
        var userName: String
        var visits: Int
        enum CodingKeys: String, CodingKey {
          case userName = "user_name"
          case visits
        }
      }
      enum Tier: String, Codable { case free = "FREE", pro }
      """
    XCTAssertEqual(swift("HomeState", source), ["user_name", "visits"])
    XCTAssertEqual(swift("Tier", source), ["FREE", "pro"])
  }

  func testCommentsAndStringsHideTheirBracesAndKeywords() {
    let source = #"""
      /* struct Fake { var no: Int } /* nested */ still a comment: var no2: Int } */
      struct EditNameState {
        // var commented: Int
        var draft = "a { brace"
        var raw = #"a "quoted" } brace"#
        var block = """
          var inString: Int
          }
          """
        var interpolated = "\(["}": 1].count) items"
        var last: Int
      }
      """#
    XCTAssertEqual(swift("EditNameState", source), ["block", "draft", "interpolated", "last", "raw"])
  }

  func testKotlinDataClassReadsConstructorPropertiesAcrossLines() {
    let source = """
      @Serializable
      data class EditNameState<T : Any>(
          @SerialName("draft_text")
          val draft: String = "{",
          val limits: Map<String, List<Int>> = mapOf("a" to listOf(1, 2)),
          var saving: Boolean = false, // a trailing comment (with a paren
          @Transient val cache: T? = null,
          notAProperty: Int = 0,
          /* val hidden: Int, */
          val onDone: (String, Int) -> Unit = { _, _ -> },
      ) {
          val derived: Int get() = 1
      }
      """
    XCTAssertEqual(kotlin("EditNameState", source), ["draft_text", "limits", "onDone", "saving"])
  }

  func testKotlinSealedTypesReadSubclassesAnywhereWithTheirSerialNames() {
    let source = """
      @Serializable
      sealed class UpgradeAction {
          @Serializable
          @SerialName("tapped_upgrade")
          data object UpgradeTapped : UpgradeAction()
          @Serializable data class PlanChosen(val plan: String) : UpgradeAction()
          class Nested { object NotAnAction }
      }

      @Serializable
      data class Dismissed(val reason: String = ")") : UpgradeAction(), java.io.Serializable
      object Unrelated : Any()
      """
    XCTAssertEqual(kotlin("UpgradeAction", source), ["dismissed", "planChosen", "tapped_upgrade"])
  }

  func testKotlinEnumClassReadsEntriesBeforeItsMembers() {
    let source = """
      enum class Tier(val label: String) {
          @SerialName("free") FREE("Free"),
          pro("Pro") { override fun toString() = "pro" },
          ;
          fun describe() = label
      }
      """
    XCTAssertEqual(kotlin("Tier", source), ["free", "pro"])
  }

  func testAMultiLineDefaultValueEndsBeforeTheNextProperty() {
    let source = """
      struct OnboardingState {
        var preferences: [String: Int] = make(
          "a",
          1
        )
        var step: Int
        var labels = [
          "x"
        ]
        let done: Bool
      }
      enum OnboardingAction {
        case chose(
          key: String
        ), skipped
      }
      """
    XCTAssertEqual(swift("OnboardingState", source), ["done", "labels", "preferences", "step"])
    XCTAssertEqual(swift("OnboardingAction", source), ["chose", "skipped"])
  }

  func testABackslashInARawStringEscapesNothing() {
    let source = #"""
      struct UpgradeState {
        var pattern = #"a\"#; var plan = "{"
        var tier: String
      }
      """#
    XCTAssertEqual(swift("UpgradeState", source), ["pattern", "plan", "tier"])
  }

  func testAMissingDeclarationIsNil() {
    XCTAssertNil(swift("GreeterActions", greeterSwift))
    XCTAssertNil(kotlin("GreeterActions", greeterKotlin))
    XCTAssertNil(swift("GreeterState", "// struct GreeterState { var a: Int }"))
  }

  func testADottedNameIsFoundByItsLastComponent() {
    let source = "enum Splash {\n  struct State { var isArmed: Bool }\n}\n"
    XCTAssertEqual(swift("Splash.State", source), ["isArmed"])
  }
}
