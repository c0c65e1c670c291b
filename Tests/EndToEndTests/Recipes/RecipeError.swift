/// A recipe the test cannot read or run, as the sentence the failure shows.
struct RecipeError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
