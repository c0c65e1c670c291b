import Foundation
import XCTest

/// The CI recipes of README.md's "## CI recipes" section, read out of the README itself so the
/// suite runs exactly what a user copies: each ```yaml block is one workflow, and the ```sh block
/// is the pre-commit hook's installation.
struct ReadmeRecipes {
  /// Each workflow's `name:` and parsed tree, in README order.
  var workflows: [(name: String, tree: RecipeYAML)]
  /// The lines of the hook's installation block.
  var hookInstall: [String]

  /// Reads the section; a missing section or a block that does not parse fails with a sentence.
  static func read(checkout: URL) throws -> ReadmeRecipes {
    let readme = String(decoding: try Data(contentsOf: checkout.appendingPathComponent("README.md")), as: UTF8.self)
    let lines = readme.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: "## CI recipes") else {
      throw RecipeError("README.md has no '## CI recipes' section")
    }
    var recipes = ReadmeRecipes(workflows: [], hookInstall: [])
    var index = start + 1
    while index < lines.count, !lines[index].hasPrefix("## ") {
      let fence = lines[index]
      guard fence == "```yaml" || fence == "```sh" else {
        index += 1
        continue
      }
      var body: [String] = []
      index += 1
      while index < lines.count, lines[index] != "```" {
        body.append(lines[index])
        index += 1
      }
      if fence == "```sh" {
        recipes.hookInstall = body.filter { !$0.isEmpty }
      } else {
        let tree: RecipeYAML
        do { tree = try RecipeYAML.parse(body.joined(separator: "\n")) } catch {
          throw RecipeError("README.md line \(index + 1 - body.count): a CI recipe does not parse: \(error)")
        }
        recipes.workflows.append((tree["name"]?.text ?? "workflow \(recipes.workflows.count + 1)", tree))
      }
      index += 1
    }
    return recipes
  }

  /// The workflow named `name`; fails with the names there are.
  func workflow(_ name: String) throws -> RecipeYAML {
    guard let found = workflows.first(where: { $0.name == name }) else {
      throw RecipeError("README.md's CI recipes have no workflow '\(name)' (they have \(workflows.map(\.name)))")
    }
    return found.tree
  }
}
