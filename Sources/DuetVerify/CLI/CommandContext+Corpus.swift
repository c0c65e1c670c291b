extension CommandContext {
  /// The run's corpus (`--manifest`, else the manifest found upwards from the folder), read once;
  /// `nil` after saying why no manifest was found (the verb then exits with a usage error).
  func corpus(_ options: ParsedArguments) -> Corpus? {
    found { () throws(ManifestDiscoveryError) in try Corpus.load(manifestPath: options.manifest, from: folder) }
  }

  /// The manifest's location (`--manifest`, else the first found upwards from the folder); `nil`
  /// after saying why none was found (the verb then exits with a usage error). For the verbs that
  /// read less than the whole corpus.
  func manifestLocation(_ options: ParsedArguments) -> ManifestLocation? {
    found { () throws(ManifestDiscoveryError) in
      try ManifestLocation.discover(explicit: options.manifest, from: folder)
    }
  }

  /// What `find` found, or `nil` after saying why no manifest was found: the one rule both
  /// lookups share.
  private func found<Value>(_ find: () throws(ManifestDiscoveryError) -> Value) -> Value? {
    do {
      return try find()
    } catch {
      output.diagnostic(error.description)
      return nil
    }
  }
}
