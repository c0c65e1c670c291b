/// The counter's state, as Duet's Swift core declares it.
struct ShapedCounterState: Codable {
  var count: Int
  var isAutoIncrementing: Bool
}
