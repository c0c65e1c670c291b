import DuetCore

/// A member of a recording as the shape rules read it: its kind, the small scalars they check, and
/// the wire text replay sends or compares.
///
/// `FixtureDocumentReader` states the rules once over this: the parser's trees (`JSONValue`) and
/// the fast path's compact bytes in place (`CompactMember`) both answer it, so both readers accept
/// and refuse exactly the same recordings.
protocol RecordedMember {
  /// `an object`, `an array`, … for the error that says what was found.
  var kindName: String { get }
  var isArray: Bool { get }
  var stringValue: String? { get }
  /// An integer within `Int64` (a larger one is `nil`).
  var integerValue: Int64? { get }
  var boolValue: Bool? { get }
  /// An object's members (in any order); `nil` for anything else.
  var objectMembers: [(key: String, value: Self)]? { get }
  /// The first member keyed `key` of an object (`.some(nil)` when it has none); `nil` for
  /// anything but an object.
  func member(_ key: StaticString) -> Self??
  /// An array's elements; `nil` for anything else.
  var arrayElements: [Self]? { get }
  /// How many elements an array has; `nil` for anything else.
  var elementCount: Int? { get }
  /// The value as a tree (for a rendering in an error, or the taxonomy's slim document).
  var tree: JSONValue { get }
  /// The value's compact canonical text; `what` names it in the problem when it has none.
  func wireText(what: @autoclosure () -> String) -> WireText
  /// Where the value's compact canonical text lies in `texts` (written into it when it is not there
  /// already), or its problem's place; `what` names it in the problem when it has none.
  func span(what: @autoclosure () -> String, in texts: inout RecordingTexts) -> TextSpan
  /// Where a string's characters lie in `texts` (written into it when they are not there already);
  /// `nil` for anything but a string.
  func labelSpan(in texts: inout RecordingTexts) -> LabelSpan?
}

/// The parser's path: `kindName`, `stringValue`, `integerValue` and `boolValue` are `JSONValue`'s own.
extension JSONValue: RecordedMember {
  var isArray: Bool { arrayValue != nil }

  var objectMembers: [(key: String, value: JSONValue)]? { objectValue.map { $0.map { ($0.key, $0.value) } } }

  func member(_ key: StaticString) -> JSONValue?? {
    guard case .object(let members) = self else { return nil }
    return .some(members[key.description])
  }

  var arrayElements: [JSONValue]? { arrayValue }

  var elementCount: Int? { arrayValue?.count }

  var tree: JSONValue { self }

  func wireText(what: @autoclosure () -> String) -> WireText { WireText(self, what: what()) }

  func span(what: @autoclosure () -> String, in texts: inout RecordingTexts) -> TextSpan {
    texts.append(WireText(self, what: what()))
  }

  func labelSpan(in texts: inout RecordingTexts) -> LabelSpan? { stringValue.map { texts.append(label: $0) } }
}
