extension CommandContext {
  /// The run's corpus (`--manifest`, else the manifest found upwards from the folder), read once;
  /// `nil` after saying why no manifest was found (the verb then exits with a usage error).
  func corpus(_ options: ParsedArguments) -> Corpus? {
    do {
      return try Corpus.load(manifestPath: options.manifest, from: folder)
    } catch {
      output.diagnostic(error.description)
      return nil
    }
  }
}
