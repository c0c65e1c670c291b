import Foundation

// The bench's reference: the counter served the way Duet's own Swift server does it, through
// Foundation (JSONSerialization for the envelope, JSONDecoder/JSONEncoder for the typed values,
// a FileHandle write per reply), so the bench can report our runner's speed-up over it.
// A benchmark reference only: it answers `reduce` and `exit`, nothing else.
ShapedServer.run()
