this is not a feature
  nor anything else
