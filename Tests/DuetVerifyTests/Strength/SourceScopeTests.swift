import XCTest

@testable import DuetVerify

/// Coverage names the function and `switch` case an unreached region belongs to, read from the
/// source around its first line.
final class SourceScopeTests: XCTestCase {
  private let reducer = """
    public func shelfReducer(_ state: inout ShelfState, _ action: ShelfAction) -> [Effect<ShelfEffect>] {
      switch action {
      case .added(let item, count: 2):
        state.items.append(item)
        return []
      case .cleared: return [.run(.saved)]
      default:
        guard state.open else { return [] }
        return []
      }
    }
    """

  private var lines: [Substring] { reducer.split(separator: "\n", omittingEmptySubsequences: false) }

  func testARegionInACaseBodyNamesItsCaseAndFunction() {
    let scope = SourceScope.enclosing(4, in: lines)
    XCTAssertEqual(scope.function, "func shelfReducer")
    XCTAssertEqual(scope.switchCase, "case .added(let item, count: 2)")
  }

  func testACaseWithItsBodyOnTheSameLineIsNamedWithoutTheBody() {
    XCTAssertEqual(SourceScope.enclosing(6, in: lines).switchCase, "case .cleared")
  }

  func testARegionUnderDefaultNamesDefault() {
    XCTAssertEqual(SourceScope.enclosing(8, in: lines).switchCase, "default")
  }

  func testTheSwitchLineItselfHasNoCase() {
    let scope = SourceScope.enclosing(2, in: lines)
    XCTAssertEqual(scope.function, "func shelfReducer")
    XCTAssertNil(scope.switchCase)
  }

  func testATopLevelConstantAfterAStructsInitIsInNoFunction() {
    let source = """
      public struct TodoState {
        public var draft = ""
        public init() {}
      }

      public let maxTitleLength = 10
      """
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertNil(SourceScope.enclosing(6, in: lines).function)
    XCTAssertNil(SourceScope.enclosing(2, in: lines).function, "a stored default above the init is in none either")
  }

  func testAFunctionWithAWrappedSignatureStillEnclosesItsBody() {
    let source = """
      func reducer(
        _ state: inout S, _ action: A
      ) -> [Effect<E>] {
        state.count += 1
        return []
      }
      """
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(SourceScope.enclosing(4, in: lines).function, "func reducer")
  }
}
