/// One request line, its texts as bytes: the one wire form (a recording's texts are slices of its
/// one shared buffer, so sending them makes no string).
package enum RunnerRequest: Sendable {
  /// `{"action":…,"feature":…,"op":"reduce","state":…}`, state and action as their compact UTF-8
  /// JSON bytes.
  case reduce(feature: String, state: ArraySlice<UInt8>, action: ArraySlice<UInt8>)
  /// Another op's request line (newline included), whose reply may be as long as the bulk cap
  /// (`RunnerLimits.bulkLineLimit`): one feature's recordings travel in one line.
  case op([UInt8])
}
