/// A value tree `CanonicalOutput` lays out: `JSONValue` (an object's members sorted as it is
/// written) and the encoder's `EncodedValue` (members already in canonical order). The layout is
/// written once, in `CanonicalOutput.writeArray` and `writeObject`, over this.
protocol CanonicalTree {
  /// Writes this node: a scalar directly, a composite through `writeArray`/`writeObject`.
  /// `allowsFraction` is true only for a telemetry double parameter's value; `isDoubleParameter`
  /// marks the `{"key","value"}` object inside a `{"case":"double"}` envelope.
  func write(
    to output: inout CanonicalOutput, depth: Int, allowsFraction: Bool, isDoubleParameter: Bool
  ) throws(CanonicalWriteError)
}

extension JSONValue: CanonicalTree {
  @inline(__always)
  func write(
    to output: inout CanonicalOutput, depth: Int, allowsFraction: Bool, isDoubleParameter: Bool
  ) throws(CanonicalWriteError) {
    try output.write(self, depth: depth, allowsFraction: allowsFraction, isDoubleParameter: isDoubleParameter)
  }
}
