/**
 * File access over any Hadoop FileSystem: {@link io.strata.fs.FileIO}, whose
 * {@link io.strata.fs.FileIO#tryAtomicWriteIfAbsent} (create a file only if it does not exist) is what the
 * commit protocol rests on, and which says where that is atomic and where a commit lock is needed
 * (docs/format.md section 14). Depends on nothing else in Strata.
 */
package io.strata.fs;
