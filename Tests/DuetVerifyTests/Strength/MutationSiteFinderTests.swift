import XCTest

@testable import DuetVerify

/// Where each mutation operator finds a site, and the look-alikes it must leave alone.
final class MutationSiteFinderTests: XCTestCase {
  /// `Operator original→replacement` for each site of `code`.
  private func sites(_ code: String) -> [String] {
    let source = SwiftLexer.lex(code)
    return MutationSiteFinder.sites(in: source).map {
      "\($0.mutationOperator.rawValue) \(source.text($0.start, $0.end))→\($0.replacement)"
    }
  }

  func testRelationalOperatorsSwapWithTheirBoundary() {
    XCTAssertEqual(
      sites("let a = x < y\nlet b = x <= y\nlet c = x > y\nlet d = x >= y"),
      ["RelationalBoundary <→<=", "RelationalBoundary <=→<", "RelationalBoundary >→>=", "RelationalBoundary >=→>"])
  }

  func testEqualityLogicalAndArithmeticOperatorsSwap() {
    XCTAssertEqual(
      sites("let a = x == y\nlet b = x != y\nlet c = p && q\nlet d = p || q\nlet e = x + y\nlet f = x - y"),
      [
        "Equality ==→!=", "Equality !=→==", "Logical &&→||", "Logical ||→&&", "Arithmetic +→-", "Arithmetic -→+",
      ])
  }

  func testCompoundAssignmentsSwap() {
    XCTAssertEqual(
      sites("func f() {\n  total += step\n  total -= step\n}"),
      ["CompoundAssignment +=→-=", "CompoundAssignment -=→+="])
  }

  func testOperatorsWithoutSpaceOnBothSidesAreNotSites() {
    XCTAssertEqual(sites("let a = x<y\nlet b = -x\nlet c = y!\nlet d = a?.b\nlet e = !p"), [])
  }

  func testGenericArgumentsArrowsAndRangesAreNotSites() {
    XCTAssertEqual(
      sites(
        "let a: Array<Int> = b\nlet c = Dictionary<String, [Int]>()\nlet r = a ..< b\nlet s = a ... b\nlet f: (A) -> B = g"
      ),
      [])
  }

  func testGenericConstraintsAndDeclarationHeadersAreNotSites() {
    let code = """
      extension Array where Element == Int {
        func total<T: Numeric>(limit: Int = 3) -> Bool where T == Int { count < limit }
      }
      static func < (lhs: Box, rhs: Box) -> Bool { lhs.value < rhs.value }
      """
    XCTAssertEqual(sites(code), ["RelationalBoundary <→<=", "RelationalBoundary <→<="])
  }

  func testStringsCommentsAttributesImportsAndIfBlocksHoldNoSites() {
    let code = """
      import Foundation
      @available(macOS 13, *)
      let s = "a < b \\(x == 1)" // c < d
      /* e == f */
      #if DEBUG
      let g = h < 1
      #endif
      let n = #"raw \\#(i + 1)"#
      """
    XCTAssertEqual(sites(code), [])
  }

  func testStringAndArrayJoinsAreNotArithmeticSites() {
    XCTAssertEqual(sites(#"let a = "x" + name"#), [])
    XCTAssertEqual(sites(#"let b = list + [item]"#), [])
    XCTAssertEqual(sites("func f() {\n  names += [name]\n}"), [])
  }

  func testBooleanAndIntegerLiteralsAreSites() {
    XCTAssertEqual(
      sites("let a = true\nlet b = false\nlet c = 0\nlet d = 40\nlet e = 0x1F\nlet f: Double = 1.5"),
      [
        "BooleanLiteral true→false", "BooleanLiteral false→true", "IntegerLiteral 0→1", "IntegerLiteral 40→41",
        "IntegerLiteral 0x1F→32",
      ])
  }

  func testANegativeLiteralIsOneSiteWithItsMinus() {
    XCTAssertEqual(sites("let a = -1\nlet b = f(-2)"), ["IntegerLiteral -1→-2", "IntegerLiteral -2→-3"])
    XCTAssertEqual(sites("let c = x - 1"), ["Arithmetic -→+", "IntegerLiteral 1→2"])
  }

  func testLiteralsInCasePatternsRawValuesTupleMembersAndLabelsAreNotSites() {
    let code = """
      enum Level: Int { case low = 1, high = 2 }
      switch n { case 0: break; case 1...5: break; default: break }
      let x = pair.0
      f(true: y)
      """
    XCTAssertEqual(sites(code), [])
  }

  func testPlainIfAndGuardConditionsAreNegated() {
    XCTAssertEqual(
      sites("func f() {\n  if ready {\n  }\n  guard open else { return }\n}"),
      ["NegatedCondition ready→!(ready)", "NegatedCondition open→!(open)"])
  }

  func testBindingCaseAvailabilityAndCommaConditionsAreNotNegated() {
    let code = """
      func f() {
        if let x = y { }
        guard var z = w else { return }
        if case .some = v { }
        if #available(macOS 13, *) { }
        if a, b { }
      }
      """
    XCTAssertEqual(sites(code), [])
  }

  func testNonEmptyEffectListsAreDropped() {
    XCTAssertEqual(
      sites("func f() -> [E] {\n  return [.run(.save, id: x)]\n}"), ["DroppedEffects [.run(.save, id: x)]→[]"])
    XCTAssertEqual(sites("func f() -> [E] {\n  return []\n}"), [])
    XCTAssertEqual(sites("func f() -> [K: V] {\n  return [key: value]\n}"), [])
  }

  func testWholeStateAssignmentsAreRemoved() {
    let code = """
      func reduce(state: inout S) {
        state.name = text
        state.items[0].done = Flag(
          on: x)
        let copy = state.name
      }
      """
    XCTAssertEqual(
      sites(code),
      [
        "RemovedAssignment state.name = text→", "RemovedAssignment state.items[0].done = Flag(\n    on: x)→",
        "IntegerLiteral 0→1",
      ])
  }

  /// `Operator original→replacement` of each site the planner marks as a stored property's initial value.
  private func storedDefaults(_ code: String) -> [String] {
    let source = SwiftLexer.lex(code)
    return MutationSiteFinder.sites(in: source).filter { $0.kind == .storedPropertyDefault }.map {
      "\($0.mutationOperator.rawValue) \(source.text($0.start, $0.end))→\($0.replacement)"
    }
  }

  func testTheInitialValueOfAStoredVarOfAStructClassOrActorIsMarkedAsAStoredDefault() {
    let code = """
      public struct SplashState: Codable {
        public var isArmed = false
        private(set) var retries: Int = 3
        @Published var limits = [1, 2]
        var total = 4 - 1
        public init() {}
      }
      final class Box<T> where T: Equatable {
        var open = true
      }
      actor Store {
        var count = 0
      }
      """
    XCTAssertEqual(
      storedDefaults(code),
      [
        "BooleanLiteral false→true", "IntegerLiteral 3→4", "IntegerLiteral 1→2", "IntegerLiteral 2→3",
        "IntegerLiteral 4→5", "Arithmetic -→+", "IntegerLiteral 1→2", "BooleanLiteral true→false",
        "IntegerLiteral 0→1",
      ])
  }

  func testLocalsConstantsStaticsAndValuesInBodiesAreNotStoredDefaults() {
    // Every line below would pass for a stored default read as text: a `var`/`let` and a `=`.
    let code = """
      struct Limits {
        let maxLength = 40
        static var shared = false
        public static let retries = 3
        var computed: Int { 5 }
        var lazyValue = { 6 }()
        func reset() -> Bool {
          var done = false
          return done == true
        }
      }
      enum Flags {
        static var armed = true
      }
      extension Limits {
        static var extra = 7
      }
      func reducer(_ state: inout Limits) {
        var count = 0
        let flag = true
      }
      var global = 1
      """
    XCTAssertEqual(storedDefaults(code), [])
    XCTAssertEqual(sites(code).count, 13, sites(code).joined(separator: "\n"))
  }
}
