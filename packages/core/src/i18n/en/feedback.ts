export default {
  title: 'Feedback',
  titlePlaceholder: 'Title (required)',
  contentPlaceholder: 'Tell us what happened or what you would like (required); you can paste a screenshot here',
  addImage: 'Add image',
  replaceImage: 'Replace image',
  removeImage: 'Remove image',
  imageHint: 'One png or jpeg image up to 20 MB; pasting works too.',
  uploading: 'Uploading',
  uploadFailed: 'Upload failed, please try again',
  failed: 'Feedback could not be sent, please try again later',
} as const;
