/// One effect of the counter as Duet writes it: `run` with its payload envelope, or `cancel`.
struct ShapedEffect: Encodable {
  let id: String
  let kind: String
  let payload: [String: String]?

  static let ticker = "counter.ticker"
}
