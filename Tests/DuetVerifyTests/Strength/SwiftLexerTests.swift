import XCTest

@testable import DuetVerify

/// The mutation planner's tokenizer: strings, comments and `#if` blocks are the cases that
/// decide whether a mutant can land where it must not.
final class SwiftLexerTests: XCTestCase {
  private func tokens(_ code: String) -> [String] { SwiftLexer.lex(code).tokens.map(\.text) }

  private func kinds(_ code: String) -> [SwiftToken.Kind] { SwiftLexer.lex(code).tokens.map(\.kind) }

  func testAStringHoldingACommentAndOperatorsIsOneToken() {
    XCTAssertEqual(tokens(#"let s = "a // b < c && d" + x"#), ["let", "s", "=", #""a // b < c && d""#, "+", "x"])
  }

  func testAnInterpolationWithQuotesAndParenthesesStaysInsideItsString() {
    let code = #"f("count \(g("x)", (1 + 2))) done") < 3"#
    XCTAssertEqual(tokens(code), ["f", "(", #""count \(g("x)", (1 + 2))) done""#, ")", "<", "3"])
  }

  func testAMultiLineStringEndsAtItsTripleQuote() {
    let code = "let s = \"\"\"\n  a == b\n  \"quoted\" \\(x > 1)\n  \"\"\"\nlet t = 1"
    let lexed = SwiftLexer.lex(code)
    XCTAssertEqual(
      lexed.tokens.map(\.kind),
      [.identifier, .identifier, .operatorSymbol, .string, .identifier, .identifier, .operatorSymbol, .integer])
    XCTAssertEqual(lexed.position(lexed.tokens[4].start), SourcePosition(line: 5, column: 1))
  }

  func testRawStringsEndOnlyAtTheirOwnDelimiter() {
    XCTAssertEqual(tokens(##"a = #"say "hi" \(x) < y"# + b"##), ["a", "=", ##"#"say "hi" \(x) < y"#"##, "+", "b"])
    XCTAssertEqual(tokens(###"a = ##"one "# two"## < b"###), ["a", "=", ###"##"one "# two"##"###, "<", "b"])
    XCTAssertEqual(tokens(##"r = #"a\#(b + 1)c"# == d"##), ["r", "=", ##"#"a\#(b + 1)c"#"##, "==", "d"])
  }

  func testNestedBlockCommentsAndLineCommentsAreSkipped() {
    XCTAssertEqual(tokens("a /* x /* y < z */ still */ < b // c == d\ne"), ["a", "<", "b", "e"])
  }

  func testTokensInsideIfBlocksAreMarkedConditional() {
    let code = "a < b\n#if DEBUG\nc < d\n#elseif os(Linux)\ne < f\n#else\ng\n#endif\nh < i"
    let lexed = SwiftLexer.lex(code)
    XCTAssertEqual(lexed.tokens.map(\.text), ["a", "<", "b", "c", "<", "d", "e", "<", "f", "g", "h", "<", "i"])
    XCTAssertEqual(lexed.tokens.filter(\.conditional).map(\.text), ["c", "<", "d", "e", "<", "f", "g"])
  }

  func testNumbersIntegerAndFloat() {
    XCTAssertEqual(
      kinds("1_000 0x1F 0b101 0o7 1.5 1e3 2E-2 0x1p4"),
      [.integer, .integer, .integer, .integer, .float, .float, .float, .float])
    XCTAssertEqual(tokens("pair.0 1...5 0..<n"), ["pair", ".", "0", "1", "...", "5", "0", "..<", "n"])
  }

  func testOperatorsTakeTheLongestSpellingButStopAtDotsAndComments() {
    XCTAssertEqual(
      tokens("a?.b! != c -> d &&e a/*x*/+b"), ["a", "?", ".", "b", "!", "!=", "c", "->", "d", "&&", "e", "a", "+", "b"])
  }

  func testRegexLiteralsAreOneToken() {
    XCTAssertEqual(kinds("let r = #/a < b/#"), [.identifier, .identifier, .operatorSymbol, .regex])
    XCTAssertEqual(kinds("let r = /a+ < b/"), [.identifier, .identifier, .operatorSymbol, .regex])
    XCTAssertEqual(tokens("x = a / b / c"), ["x", "=", "a", "/", "b", "/", "c"])
  }

  func testPositionsAreLinesAndColumnsInUnicodeScalars() {
    let lexed = SwiftLexer.lex("let é = \"ü\"\n  x < 1")
    let less = lexed.tokens.first { $0.text == "<" }
    XCTAssertEqual(less.map { lexed.position($0.start) }, SourcePosition(line: 2, column: 5))
    XCTAssertEqual(lexed.position(lexed.tokens[3].start), SourcePosition(line: 1, column: 9))
  }
}
