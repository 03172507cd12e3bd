//! Skeleton: filled by its own issue.
